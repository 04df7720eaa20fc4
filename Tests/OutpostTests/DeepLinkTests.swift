import Foundation
import OutpostConnectors
import OutpostModel
import Testing

@Suite struct DeepLinkTests {
  /// The schemes the compiled-in connectors declare (VolleyKit's among them).
  let schemes = ConnectorRegistry.linkSchemes

  func parsed(_ text: String) -> DeepLink? {
    if case .success(let link) = DeepLink.parse(text, schemes: schemes) { return link }
    return nil
  }

  func problem(_ text: String) -> String? {
    if case .failure(let error) = DeepLink.parse(text, schemes: schemes) { return error.description }
    return nil
  }

  @Test func outpostLinksNameAnItemNumber() {
    #expect(parsed("outpost://item/42") == .item(number: 42))
    #expect(parsed("  outpost://item/7/\n") == .item(number: 7))
    #expect(parsed("OUTPOST://item/3") == .item(number: 3))
    #expect(problem("outpost://item/abc")?.contains("not an item number") == true)
    #expect(problem("outpost://item/0")?.contains("not an item number") == true)
    #expect(problem("outpost://game/3")?.contains("outpost://item/NUMBER") == true)
  }

  @Test func volleyKitLinksAreMatchedAsRecorded() {
    let link = "volleykit://assignment/6c1e4c1e-6d0b-4d8e-9a57-3c2f1e2b9a10"
    #expect(parsed(link) == .service(link))
    #expect(parsed("volleykit://exchange/x1") == .service("volleykit://exchange/x1"))
    #expect(problem("volleykit://referee/1")?.contains("volleykit://assignment/ID") == true)
    #expect(problem("volleykit://assignment/")?.contains("volleykit://assignment/ID") == true)
  }

  /// `rpp://message/<conversationId>` is the conversation's link, and its messages carry it too
  /// (a new-message notification opens the conversation): it names the conversation, wherever
  /// its messages are in store order.
  @Test func anRPPMessageLinkNamesItsConversationNotItsMessages() {
    #expect(parsed("rpp://message/conv_8Yq2") == .service("rpp://message/conv_8Yq2"))
    #expect(problem("rpp://message/")?.contains("rpp://order/ID") == true)
    let at = Date(timeIntervalSince1970: 1_780_000_000)
    func stored(_ number: Int64, _ kind: ItemKind, _ id: String) -> StoredItem {
      StoredItem(
        number: number, accountID: "a",
        item: Item(kind: kind, upstreamID: id, title: id, link: "rpp://message/conv_8Yq2"),
        firstSeenAt: at, updatedAt: at, removedAt: nil)
    }
    let items = [
      stored(1, .message, "msg_1"), stored(2, .message, "msg_2"), stored(3, .conversation, "conv_8Yq2"),
      stored(4, .order, "ord_8Yq2"),
    ]
    let link = parsed("rpp://message/conv_8Yq2")
    #expect(link?.pick(items)?.number == 3)
    #expect(link?.pick(Array(items.reversed()))?.number == 3)
    // Without the conversation, the first item that carries the link.
    #expect(link?.pick(Array(items.prefix(2)))?.number == 1)
    #expect(parsed("rpp://order/ord_8Yq2")?.pick(items) == nil)
  }

  /// A scheme is opened because a connector declares it, not because the parser knows it.
  @Test func aDeclaredSchemeIsOpenedAndAnUndeclaredOneIsNot() {
    let rpp = LinkScheme("rpp", appName: "RPP", paths: ["order"])
    #expect(DeepLink.parse("rpp://order/17", schemes: [rpp]) == .success(.service("rpp://order/17")))
    guard case .failure(let wrongPath) = DeepLink.parse("rpp://invoice/17", schemes: [rpp]) else {
      Issue.record("rpp://invoice/17 was taken")
      return
    }
    #expect(wrongPath.description.contains("an RPP link") || wrongPath.description.contains("a RPP link"))
    guard case .failure(let undeclared) = DeepLink.parse("volleykit://assignment/1", schemes: [rpp]) else {
      Issue.record("volleykit:// was taken without its declaration")
      return
    }
    #expect(undeclared.description.contains("does not open volleykit"))
    #expect(undeclared.description.contains("rpp://"))
    #expect(ConnectorRegistry.linkSchemes.map(\.name).contains("volleykit"))
  }

  /// A link that starts something (RPP's booking) becomes the command that does it; only plain
  /// values reach the command line.
  @Test func aLinkThatStartsSomethingBecomesItsCommand() {
    let schemes = ConnectorRegistry.linkSchemes
    #expect(
      DeepLink.parse("rpp://book?serviceId=svc_photo25", schemes: schemes)
        == .success(.command("outpost rpp availability svc_photo25 --date YYYY-MM-DD")))
    #expect(
      DeepLink.parse("rpp://order/ord_8Yq2", schemes: schemes) == .success(.service("rpp://order/ord_8Yq2")))
    for hostile in [
      "rpp://book?serviceId=svc_1;rm%20-rf", "rpp://book?serviceId=$(id)", "rpp://book", "rpp://book?x=1",
    ] {
      guard case .failure(let problem) = DeepLink.parse(hostile, schemes: schemes) else {
        Issue.record("\(hostile) was taken")
        continue
      }
      #expect(problem.description.contains("serviceId"), "\(problem)")
    }
  }

  /// The `.desktop` handler registers every declared scheme: the file in contrib/ lists them
  /// (install.sh writes the list outpostd prints, `outpostd --print-link-schemes`).
  @Test func theDesktopFileListsEveryDeclaredScheme() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("contrib/outpost-open.desktop"), encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
    let wanted = (["outpost"] + ConnectorRegistry.linkSchemes.map(\.name)).map { "x-scheme-handler/\($0);" }.joined()
    #expect(line == "MimeType=" + wanted)
  }

  @Test func webAddressesAreMatchedByTheIDsTheyHold() throws {
    let url = "https://volleymanager.volleyball.ch/x?game[__identity]=6C1E4C1E-6D0B-4D8E-9A57-3C2F1E2B9A10&y=1"
    #expect(parsed(url) == .web(url: url, ids: ["6c1e4c1e-6d0b-4d8e-9a57-3c2f1e2b9a10"]))
    let item = Item(
      kind: .assignment, upstreamID: "6c1e4c1e-6d0b-4d8e-9a57-3c2f1e2b9a10", title: "A – B", startsAt: Date(),
      details: [:], link: "volleykit://assignment/6c1e4c1e-6d0b-4d8e-9a57-3c2f1e2b9a10")
    #expect(try #require(parsed(url)).matches(number: 5, item: item))
    #expect(
      try #require(parsed("volleykit://assignment/6c1e4c1e-6d0b-4d8e-9a57-3c2f1e2b9a10")).matches(number: 5, item: item)
    )
    #expect(try #require(parsed("outpost://item/5")).matches(number: 5, item: item))
    #expect(!(try #require(parsed("outpost://item/6")).matches(number: 5, item: item)))
    #expect(!(try #require(parsed("https://example.org/nothing")).matches(number: 5, item: item)))
    // A longer hex run is no UUID.
    #expect(
      DeepLink.parse("https://e.org/a6c1e4c1e-6d0b-4d8e-9a57-3c2f1e2b9a10", schemes: schemes)
        == .success(.web(url: "https://e.org/a6c1e4c1e-6d0b-4d8e-9a57-3c2f1e2b9a10", ids: [])))
  }

  @Test func otherTextIsRefusedWithAReason() {
    #expect(problem("")?.contains("empty") == true)
    #expect(problem("42")?.contains("not a link") == true)
    #expect(problem("mailto:a@b.ch")?.contains("does not open mailto") == true)
    #expect(problem("https:")?.contains("not a web address") == true)
  }
}

/// A mailed sign-in link coming back in a brand's scheme (agile-network.md §3–§4): its route is
/// the connector's declared `signInCallback`, its query is decoded; other routes stay item links.
@Suite struct SignInCallbackLinkTests {
  let scheme = LinkScheme(
    "brandapp", appName: "Brand", paths: ["expert", "content"], signInCallback: "auth/callback")

  func parsed(_ text: String) -> DeepLink? {
    if case .success(let link) = DeepLink.parse(text, schemes: [scheme]) { return link }
    return nil
  }

  @Test func theCallbackRouteCarriesItsDecodedQuery() {
    let link = "brandapp://auth/callback?code=a.b%2Fc&state=s%20t+x&session_state=9&iss=http%3A%2F%2Fkc"
    #expect(
      parsed(link)
        == .signInCallback(
          scheme: "brandapp", fields: ["code": "a.b/c", "state": "s t x", "session_state": "9", "iss": "http://kc"]))
    #expect(parsed("BRANDAPP://auth/callback/?state=1") == .signInCallback(scheme: "brandapp", fields: ["state": "1"]))
    // The first of a repeated field wins: a second `state=` cannot replace the one matched.
    #expect(
      parsed("brandapp://auth/callback?state=a&state=b#frag")
        == .signInCallback(scheme: "brandapp", fields: ["state": "a"]))
    #expect(parsed("brandapp://auth/callback?state=%zz") == .signInCallback(scheme: "brandapp", fields: [:]))
  }

  @Test func otherRoutesAndSchemesWithoutTheRouteAreNotCallbacks() {
    #expect(parsed("brandapp://content/abc") == .service("brandapp://content/abc"))
    #expect(parsed("brandapp://auth/other?code=1") == nil)
    let plain = LinkScheme("otherapp", appName: "Other", paths: ["expert"])
    if case .success = DeepLink.parse("otherapp://auth/callback?code=1&state=2", schemes: [plain]) {
      Issue.record("a scheme that declares no sign-in route took a callback")
    }
  }

  @Test func theShippedBrandsDeclareTheirCallback() {
    let presets = ShippedPresets.load(tables: ConnectorRegistry.presetTables).presets
    let brands = ConnectorRegistry.linkSchemes(presets: presets).filter { $0.signInCallback != nil }
    #expect(brands.count >= 5)
    for brand in brands {
      guard
        case .success(.signInCallback(let name, let fields)) = DeepLink.parse(
          "\(brand.name)://auth/callback?code=c&state=s", schemes: brands)
      else {
        Issue.record("\(brand.name): the callback is not recognised")
        continue
      }
      #expect(name == brand.name && fields == ["code": "c", "state": "s"])
    }
  }
}
