import Crypto
import Foundation
import OutpostSandbox
import Testing

/// The gateway's queries over real HTTP (agile-network.md §5–§7): the seed, variables,
/// aliases and fragments, both Accept modes, tokens, persisted queries and the limits.
@Suite struct AgileNetworkQueryTests {
  @Test func seedHasTheSizesOfSection8AndTransliteratedSlugs() async throws {
    var configuration = agileConfiguration()
    configuration.keycloak.users.append(
      SandboxKeycloakUser(username: "other@example.com", password: "other-2026", name: "Other Fan"))
    try await withAgileSandbox(configuration) { server, agile in
      let counts = try #require(await server.agileNetwork.counts(brand: agileBrand))
      #expect(counts.experts >= 200)
      #expect(counts.categories >= 8)
      let data = try await agile.data(
        """
        { categories { slug expertCount } experts(first: 1) { totalCount }
          expert(slug: "jose-muller") { id name webUrl category { slug }
            content(first: 100) { edges { node { publishedAt } } } } }
        """)
      #expect((data["categories"] as? [Any])?.count ?? 0 >= 8)
      #expect(dig(data, "experts", "totalCount") as? Int ?? 0 >= 200)
      #expect(dig(data, "expert", "name") as? String == "José Müller")
      #expect(dig(data, "expert", "webUrl") as? String == "https://\(agileDomain)/expert/jose-muller")
      let dates = (dig(data, "expert", "content", "edges") as? [[String: Any]] ?? []).compactMap {
        dig($0, "node", "publishedAt") as? String
      }
      // More than 30 days of history before the reference day.
      #expect(dates.min().map { $0 < "2026-01-04" } == true, "\(dates)")
      let feed = try await agile.data(
        "{ feed(first: 100) { edges { node { type isPremium viewerCanAccess webUrl id } } } }")
      let nodes = (dig(feed, "feed", "edges") as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
      #expect(Set(nodes.compactMap { $0["type"] as? String }) == ["VIDEO", "ARTICLE"])
      #expect(Set(nodes.compactMap { $0["isPremium"] as? Bool }) == [true, false])
      let first = try #require(nodes.first)
      #expect(first["webUrl"] as? String == "https://\(agileDomain)/content/\(first["id"] as? String ?? "")")
      // Another user starts with nothing.
      let other = try #require(await agileToken(server, username: "other@example.com"))
      let empty = try await agile.post(
        "{ viewer { email following { totalCount } subscriptions(includeExpired: true) { id } entitlements { source } } }",
        token: other)
      let viewer = try #require(dig(try empty.jsonObject(), "data", "viewer") as? [String: Any], "\(empty.body)")
      #expect(viewer["email"] as? String == "other@example.com")
      #expect(dig(viewer, "following", "totalCount") as? Int == 0)
      #expect((viewer["subscriptions"] as? [Any])?.isEmpty == true)
      #expect((viewer["entitlements"] as? [Any])?.isEmpty == true)
    }
  }

  @Test func variablesAliasesAndFragmentsExecute() async throws {
    try await withAgileSandbox { _, agile in
      let data = try await agile.data(
        """
        query FindExperts($filter: ExpertFilter, $after: String) {
          experts(filter: $filter, first: 20, after: $after) { totalCount
            edges { node { ...Card } } pageInfo { hasNextPage endCursor } }
          jose: expert(slug: "jose-muller") { ...Card }
        }
        fragment Card on Expert { id slug name category { slug } viewerIsFollowing offer { price { amountMinor currency } interval } }
        """, variables: #"{"filter":{"query":"jose"}}"#)
      let names = (dig(data, "experts", "edges") as? [[String: Any]] ?? []).compactMap {
        dig($0, "node", "name") as? String
      }
      #expect(!names.isEmpty)
      #expect(names.allSatisfy { $0.hasPrefix("José") }, "\(names)")
      #expect(dig(data, "jose", "slug") as? String == "jose-muller")
      #expect(dig(data, "jose", "viewerIsFollowing") as? Bool == true)
      let browse = try await agile.data(
        "query($filter: ExpertFilter) { experts(filter: $filter, first: 5) { totalCount pageInfo { hasNextPage endCursor } } }",
        variables: #"{"filter":{"categorySlug":"basketball"}}"#)
      #expect(dig(browse, "experts", "totalCount") as? Int ?? 0 >= 20)
      #expect(dig(browse, "experts", "pageInfo", "hasNextPage") as? Bool == true)
      let cursor = try #require(dig(browse, "experts", "pageInfo", "endCursor") as? String)
      let next = try await agile.data(
        "query($after: String) { experts(filter: {categorySlug: \"basketball\"}, first: 5, after: $after) { edges { cursor } } }",
        variables: #"{"after":"\#(cursor)"}"#)
      #expect((dig(next, "experts", "edges") as? [Any])?.count == 5)
    }
  }

  @Test func bothAcceptModesGiveTheirStatuses() async throws {
    try await withAgileSandbox { server, agile in
      let invalid = try await agile.post("{ viewer { nope } }")
      #expect(invalid.status == 400)
      #expect(invalid.header("Content-Type")?.hasPrefix("application/graphql-response+json") == true)
      #expect(try errorCodes(invalid) == ["GRAPHQL_VALIDATION_FAILED"])
      #expect(try invalid.jsonObject()["data"] == nil)
      let invalidJSON = try await agile.post("{ viewer { nope } }", accept: "application/json")
      #expect(invalidJSON.status == 200)
      #expect(try errorCodes(invalidJSON) == ["GRAPHQL_VALIDATION_FAILED"])
      let broken = try await agile.post("{ viewer { ")
      #expect(broken.status == 400)
      #expect(try errorCodes(broken) == ["GRAPHQL_PARSE_FAILED"])
      #expect(try await agile.post("{ viewer { id } }", accept: "text/html").status == 406)
      #expect(try await agile.post("{ viewer { id } }", accept: nil).status == 200)
      // GET serves queries, never mutations.
      let query = "{ viewer { email } }".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
      let headers = [(name: "Authorization", value: "Bearer \(agile.token)")]
      let get = try await agile.client.send("GET", "/agile/\(agileBrand)/graphql?query=\(query)", headers: headers)
      #expect(get.status == 200)
      #expect(dig(try get.jsonObject(), "data", "viewer", "email") as? String == "fan@example.com")
      let mutation = "mutation { followExpert(expertId: \"exp_9\") { expert { id } } }"
        .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
      let refused = try await agile.client.send(
        "GET", "/agile/\(agileBrand)/graphql?query=\(mutation)", headers: headers)
      #expect(refused.status == 405)
      #expect(await server.agileNetwork.follows(brand: agileBrand).contains("jose-muller"))
    }
  }

  @Test func expiredForeignAndRefreshedTokens() async throws {
    try await withAgileSandbox { server, agile in
      let short = try #require(await agileToken(server, lifetimeSeconds: 60))
      #expect(try await agile.post("{ viewer { id } }", token: short).status == 200)
      await server.advanceClock(seconds: 61)
      let expired = try await agile.post("{ viewer { id } }", token: short)
      #expect(expired.status == 401)
      #expect(try errorCodes(expired) == ["UNAUTHENTICATED"])
      let expiredJSON = try await agile.post("{ viewer { id } }", accept: "application/json", token: short)
      #expect(expiredJSON.status == 200)
      #expect(try errorCodes(expiredJSON) == ["UNAUTHENTICATED"])
      // A live token of another brand's realm, and a forged one, are refused too.
      let foreign = try #require(await agileToken(server, realm: "court-report"))
      #expect(try await agile.post("{ viewer { id } }", token: foreign).status == 401)
      #expect(try await agile.post("{ viewer { id } }", token: short + "x").status == 401)
      // A token from the real token endpoint (a refresh) works, and names the viewer.
      let refresh = try #require(await server.keycloak.issueRefreshToken(realm: agileBrand))
      let tokenReply = try await agile.client.send(
        "POST", "/keycloak/realms/\(agileBrand)/protocol/openid-connect/token",
        body: "grant_type=refresh_token&client_id=\(agileBrand)-desktop&refresh_token=\(refresh)",
        contentType: "application/x-www-form-urlencoded")
      let access = try #require(try tokenReply.jsonObject()["access_token"] as? String)
      let viewer = try await agile.post("{ viewer { id email displayName } }", token: access)
      #expect(viewer.status == 200)
      #expect(dig(try viewer.jsonObject(), "data", "viewer", "id") as? String == AgileNetworkSandbox.demoUserID)
    }
  }

  @Test func persistedQueriesNeedTheQueryOnce() async throws {
    try await withAgileSandbox { _, agile in
      let query = "{ viewer { email } }"
      let hash = sha256Hex(query)
      let apq = #"{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#
      let unknown = try await agile.post(nil, extensions: apq)
      #expect(try errorCodes(unknown) == ["PERSISTED_QUERY_NOT_FOUND"])
      let registered = try await agile.post(query, extensions: apq)
      #expect(registered.status == 200)
      let again = try await agile.post(nil, extensions: apq)
      #expect(again.status == 200)
      #expect(dig(try again.jsonObject(), "data", "viewer", "email") as? String == "fan@example.com")
      let mismatch = try await agile.post("{ viewer { id } }", extensions: apq)
      #expect(mismatch.status == 400)
    }
  }

  @Test func limitsGiveBadUserInputNotFoundAndRateLimited() async throws {
    try await withAgileSandbox(agileConfiguration(rateLimit: 12)) { server, agile in
      #expect(try errorCodes(try await agile.post("{ experts(first: 101) { totalCount } }")) == ["BAD_USER_INPUT"])
      #expect(try errorCodes(try await agile.post("{ changes(first: 501) { cursor } }")) == ["BAD_USER_INPUT"])
      _ = try await agile.data("{ changes(first: 500) { cursor } }")
      #expect(
        try errorCodes(try await agile.post(#"{ experts(filter: {query: "J"}) { totalCount } }"#)) == ["BAD_USER_INPUT"]
      )
      let missing = try await agile.post(#"{ expert(slug: "nobody-here") { id } }"#)
      #expect(missing.status == 200)
      let object = try missing.jsonObject()
      #expect(dig(object, "data", "expert") is NSNull)
      #expect(dig(object, "errors", 0, "path") as? [String] == ["expert"])
      #expect(try errorCodes(missing) == ["NOT_FOUND"])
      // Five requests so far; the limit is 12 a minute.
      for _ in 0..<7 { _ = try await agile.post("{ viewer { id } }") }
      let limited = try await agile.post("{ viewer { id } }")
      #expect(limited.status == 429)
      #expect(limited.header("Retry-After") == "60")
      #expect(dig(try limited.jsonObject(), "errors", 0, "extensions", "retryAfterSeconds") as? Int == 60)
      await server.advanceClock(seconds: 61)
      #expect(try await agile.post("{ viewer { id } }").status == 200)
    }
  }
}

func sha256Hex(_ text: String) -> String {
  SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
}
