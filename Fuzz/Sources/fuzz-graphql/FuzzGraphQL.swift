import Foundation
import FuzzSupport
import OutpostModel

@testable import OutpostConnectors

/// The Agile Network gateway's GraphQL replies (agile-network.md): `errors` with their codes
/// and extensions, and experts, content, subscriptions, promotions and settings as items.
@_cdecl("fuzz_graphql_main")
public func fuzzGraphQL(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    guard let json = try? JSONParser.parse(bytes) else { return }
    for error in AgileGraphQL.errors(json["errors"]) {
      _ = AgileGraphQL.classify(error, activity: "fuzzing")
    }
    let items = AgileItems(scheme: "agile", renewalLeadDays: 14)
    var records = FuzzInput.records(json)
    if case .object(let data)? = json["data"] {
      for value in data.values { records += FuzzInput.records(value) }
    }
    for record in records {
      _ = items.expert(record)
      _ = items.content(record)
      _ = items.subscription(record)
      _ = items.promotion(record)
      _ = items.settings(record)
    }
  }
}
