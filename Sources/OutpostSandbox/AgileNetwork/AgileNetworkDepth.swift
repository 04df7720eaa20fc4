import GraphQL

/// The depth limit of agile-network.md §5 (≤ 10): the longest chain of nested selections,
/// fragments expanded (a fragment cycle is a validation error already, so the guard only stops
/// runaway recursion).
enum AgileNetworkDepth {
  static func of(_ selectionSet: SelectionSet, fragments document: Document, guardDepth: Int = 0) -> Int {
    guard guardDepth < 64 else { return guardDepth }
    var deepest = 0
    for selection in selectionSet.selections {
      switch selection {
      case let field as Field:
        let below = field.selectionSet.map { of($0, fragments: document, guardDepth: guardDepth + 1) } ?? 0
        deepest = max(deepest, 1 + below)
      case let inline as InlineFragment:
        deepest = max(deepest, of(inline.selectionSet, fragments: document, guardDepth: guardDepth + 1))
      case let spread as FragmentSpread:
        let definition = document.definitions.lazy.compactMap { $0 as? FragmentDefinition }
          .first { $0.name.value == spread.name.value }
        if let definition {
          deepest = max(deepest, of(definition.selectionSet, fragments: document, guardDepth: guardDepth + 1))
        }
      default: continue
      }
    }
    return deepest
  }

  /// A query that asks only for the schema: every root selection a field named `__…`.
  static func isIntrospection(_ operation: OperationDefinition) -> Bool {
    operation.operation == .query
      && operation.selectionSet.selections.allSatisfy { ($0 as? Field)?.name.value.hasPrefix("__") == true }
  }
}
