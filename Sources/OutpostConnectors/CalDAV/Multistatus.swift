import Foundation

/// One `DAV:response` of a 207 Multi-Status (RFC 4918 §14.24): a resource and the properties
/// the server found for it.
struct DAVResponse: Sendable, Equatable {
  /// As the server wrote it: an absolute path or a full URL, percent-encoded.
  var href: String
  /// The properties of the `propstat`s with a 2xx status; properties the server does not have
  /// come back under 404 and are left out, so a missing property reads as nil.
  var properties: [DAVElement]

  func property(_ namespace: String, _ name: String) -> DAVElement? {
    properties.first { $0.is(namespace, name) }
  }

  /// The names in `DAV:resourcetype`: `collection`, `calendar`, `principal`, `addressbook`.
  var resourceTypes: Set<String> {
    Set(property(DAVNamespace.dav, "resourcetype")?.children.map(\.name) ?? [])
  }

  var isCollection: Bool { property(DAVNamespace.dav, "resourcetype")?.child(DAVNamespace.dav, "collection") != nil }

  var etag: String? {
    guard let text = property(DAVNamespace.dav, "getetag")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
      !text.isEmpty
    else { return nil }
    return text
  }
}

enum Multistatus {
  /// The responses of a multistatus body; an error when the body is not one (an HTML page, a
  /// proxy's error, plain text), so that the caller can say what came back.
  static func parse(_ body: [UInt8]) throws(DAVXMLError) -> [DAVResponse] {
    let root = try DAVXMLReader.parse(body)
    guard root.is(DAVNamespace.dav, "multistatus") else {
      throw DAVXMLError("the root element is <\(root.name)>, not a DAV:multistatus")
    }
    return root.children(DAVNamespace.dav, "response").compactMap { response in
      guard let href = response.child(DAVNamespace.dav, "href")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
        !href.isEmpty
      else {
        return nil
      }
      var properties: [DAVElement] = []
      for propstat in response.children(DAVNamespace.dav, "propstat") {
        guard let status = statusCode(propstat.child(DAVNamespace.dav, "status")?.text), (200..<300).contains(status)
        else { continue }
        properties += propstat.child(DAVNamespace.dav, "prop")?.children ?? []
      }
      return DAVResponse(href: href, properties: properties)
    }
  }

  /// `HTTP/1.1 200 OK` → 200.
  static func statusCode(_ line: String?) -> Int? {
    guard let line else { return nil }
    let parts = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
    guard parts.count >= 2 else { return nil }
    return Int(parts[1])
  }

  /// The precondition named in a `DAV:error` body (RFC 4918 §16), e.g. `no-uid-conflict`.
  static func precondition(_ body: [UInt8]) -> String? {
    guard let root = try? DAVXMLReader.parse(body), root.is(DAVNamespace.dav, "error") else { return nil }
    return root.children.first?.name
  }
}
