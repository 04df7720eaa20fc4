import Foundation
import OutpostSandbox
import Testing

/// Real clients check the Agile Network sandbox (agile-network.md §2, §5, §6): python-keycloak's
/// `KeycloakOpenID` (PyPI `python-keycloak`, module `keycloak`) against a brand's realm, and gql
/// (PyPI `gql[requests]`) against the brand's GraphQL gateway, both installed by contrib/setup.sh.
///
/// The realm refuses the password grant (direct access is off for the desktop client, §2.2), so
/// the script plays the browser's part of the authorization code flow with PKCE S256 over plain
/// HTTP (the login form, then the code in the `302`) and lets python-keycloak exchange the code,
/// read userinfo, refresh, verify both tokens' RS256 signatures with the JWKS (`certs`, through
/// jwcrypto) and log out. gql fetches the schema by introspection, validates its queries against
/// it, pages through every expert and follows and unfollows one.
///
/// jwcrypto checks `exp` on the wall clock, so this sandbox runs on the real clock (no pinned
/// reference date).
@Suite struct AgileNetworkPythonClientTests {
  static let script = #"""
    import base64, hashlib, html, re, secrets, sys
    from urllib.parse import parse_qs, urljoin, urlparse
    import requests
    from keycloak import KeycloakOpenID
    from keycloak.exceptions import KeycloakError
    from gql import Client, GraphQLRequest
    from gql.transport.requests import RequestsHTTPTransport

    base, realm, brand, username, password = sys.argv[1:6]

    def check(condition, what):
        if not condition:
            print("FAILED: " + what)
            sys.exit(1)
        print("ok: " + what)

    def b64(data):
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    issuer = base + "/keycloak/realms/" + realm
    client_id = realm + "-desktop"
    # python-keycloak joins its paths (realms/…) to the server URL: it needs the trailing slash.
    oidc = KeycloakOpenID(server_url=base + "/keycloak/", realm_name=realm, client_id=client_id)

    known = oidc.well_known()
    check(known["issuer"] == issuer, "discovery: issuer " + known["issuer"])
    check(known["jwks_uri"] == issuer + "/protocol/openid-connect/certs", "discovery: jwks_uri")
    check(known["id_token_signing_alg_values_supported"] == ["RS256"], "discovery: ID tokens signed with RS256")
    check("S256" in known["code_challenge_methods_supported"], "discovery: PKCE S256")

    try:
        oidc.token(username, password)
        password_grant = "accepted"
    except KeycloakError as error:
        password_grant = "refused %s" % error.response_code
    check(password_grant == "refused 400", "password grant refused (direct access off): " + password_grant)

    # The browser's part: the authorization request with PKCE, the login form, the redirect.
    verifier = b64(secrets.token_bytes(32))
    challenge = b64(hashlib.sha256(verifier.encode()).digest())
    state, nonce = secrets.token_urlsafe(16), secrets.token_urlsafe(16)
    redirect = "http://127.0.0.1:53682/callback"
    url = oidc.auth_url(redirect_uri=redirect, scope="openid offline_access", state=state, nonce=nonce,
                        code_challenge=challenge, code_challenge_method="S256")
    browser = requests.Session()
    page = browser.get(url)
    check(page.status_code == 200, "authorization endpoint shows the login form (%d)" % page.status_code)
    action = urljoin(page.url, html.unescape(re.search(r'action="([^"]*)"', page.text).group(1)))
    login = browser.post(action, data={"username": username, "password": password, "login": "Sign In"},
                         allow_redirects=False)
    location = login.headers.get("Location", "")
    check(login.status_code == 302 and location.startswith(redirect + "?"), "login form redirects to the client")
    query = {name: values[0] for name, values in parse_qs(urlparse(location).query).items()}
    check(query.get("state") == state and query.get("iss") == issuer and "code" in query,
          "redirect carries code, state and iss")

    token = oidc.token(grant_type="authorization_code", code=query["code"], redirect_uri=redirect,
                       code_verifier=verifier)
    check(token["token_type"] == "Bearer" and token["refresh_expires_in"] == 0, "code exchanged: offline tokens")
    info = oidc.userinfo(token["access_token"])
    check(info["email"] == username, "userinfo: " + info["email"])

    jwks = oidc.certs()
    check(all(key["kty"] == "RSA" and key["alg"] == "RS256" and key.get("kid") for key in jwks["keys"]),
          "certs: %d RSA key(s) with a kid" % len(jwks["keys"]))
    access = oidc.decode_token(token["access_token"], validate=True)
    check(access["iss"] == issuer and access["azp"] == client_id and access["typ"] == "Bearer",
          "access token verified with the JWKS")
    identity = oidc.decode_token(token["id_token"], validate=True,
                                 check_claims={"iss": issuer, "aud": client_id, "nonce": nonce, "exp": None})
    check(identity["sub"] == info["sub"], "ID token verified with the JWKS (iss, aud, nonce, exp)")

    refreshed = oidc.refresh_token(token["refresh_token"])
    check(refreshed["refresh_token"] != token["refresh_token"], "refresh: a new refresh token")
    check(oidc.userinfo(refreshed["access_token"])["sub"] == info["sub"], "refreshed access token works")

    # The gateway, with the refreshed access token.
    transport = RequestsHTTPTransport(url=base + "/agile/" + brand + "/graphql",
                                      headers={"Authorization": "Bearer " + refreshed["access_token"]})
    # input_value_deprecation off: GraphQLSwift answers null for __InputValue.isDeprecated.
    client = Client(transport=transport, fetch_schema_from_transport=True,
                    introspection_args={"input_value_deprecation": False})
    with client as graph:
        check(client.schema is not None and client.schema.get_type("Expert") is not None,
              "gql: schema fetched by introspection")
        viewer = graph.execute(GraphQLRequest("{ viewer { email following { totalCount } } categories { slug } }"))
        check(viewer["viewer"]["email"] == username, "gql: viewer " + viewer["viewer"]["email"])
        check(len(viewer["categories"]) >= 8, "gql: %d categories" % len(viewer["categories"]))
        page_query = ("query Experts($after: String) { experts(first: 100, after: $after) "
                      "{ totalCount edges { node { id slug name } } pageInfo { hasNextPage endCursor } } }")
        experts, after, total = [], None, None
        for _ in range(20):
            batch = graph.execute(GraphQLRequest(page_query, variable_values={"after": after}))["experts"]
            total = batch["totalCount"]
            experts += [edge["node"] for edge in batch["edges"]]
            if not batch["pageInfo"]["hasNextPage"]:
                break
            after = batch["pageInfo"]["endCursor"]
        check(total >= 200 and len(experts) == total and len({e["id"] for e in experts}) == total,
              "gql: paged through all %d experts" % len(experts))
        try:
            graph.execute(GraphQLRequest("{ experts { nonsense } }"))
            invalid = "accepted"
        except Exception as error:
            invalid = type(error).__name__
        check(invalid == "GraphQLError", "gql: a query off the schema is refused locally (" + invalid + ")")
        expert = experts[0]["id"]
        before = viewer["viewer"]["following"]["totalCount"]
        follow = graph.execute(GraphQLRequest(
            "mutation Follow($id: ID!) { followExpert(expertId: $id) { expert { id viewerIsFollowing } } }",
            variable_values={"id": expert}))
        check(follow["followExpert"]["expert"] == {"id": expert, "viewerIsFollowing": True}, "gql: followed " + expert)
        following = graph.execute(GraphQLRequest("{ viewer { following { edges { node { id } } totalCount } } }"))
        check(following["viewer"]["following"]["totalCount"] == before + 1 and
              expert in [edge["node"]["id"] for edge in following["viewer"]["following"]["edges"]],
              "gql: the followed expert is listed")
        unfollow = graph.execute(GraphQLRequest(
            "mutation Unfollow($id: ID!) { unfollowExpert(expertId: $id) { expert { viewerIsFollowing } } }",
            variable_values={"id": expert}))
        check(unfollow["unfollowExpert"]["expert"]["viewerIsFollowing"] is False, "gql: unfollowed " + expert)

    oidc.logout(refreshed["refresh_token"])
    try:
        oidc.refresh_token(refreshed["refresh_token"])
        after_logout = "refreshed"
    except KeycloakError as error:
        after_logout = "refused %s" % error.response_code
    check(after_logout == "refused 400", "logout: the refresh token is dead (" + after_logout + ")")
    print("all checks passed")
    """#

  @Test func pythonKeycloakAndGqlSignInVerifyAndQueryTheGateway() async throws {
    var configuration = agileConfiguration()
    configuration.referenceDate = nil
    configuration.manualClock = false
    try await withSandbox(configuration) { server, _ in
      let (status, output) = try await RPPPyrebaseTests.python(
        [
          "-c", Self.script, server.baseURL, agileBrand, agileBrand, SandboxKeycloakUser.demo.username,
          SandboxKeycloakUser.demo.password,
        ])
      if output.contains("No module named 'keycloak'") || output.contains("No module named 'gql'") {
        Issue.record("python-keycloak or gql is missing: run contrib/setup.sh")
      }
      #expect(status == 0, "\(output)")
      #expect(output.contains("all checks passed"), "\(output)")
      let stats = await server.keycloak.stats()
      #expect(stats.logins == 1 && stats.refreshes == 1, "\(stats)")
    }
  }
}
