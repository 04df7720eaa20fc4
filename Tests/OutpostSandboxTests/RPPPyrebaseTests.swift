import Foundation
import OutpostSandbox
import OutpostTestSupport
import Testing

/// A real Firebase client checks the dialect: pyrebase4 (PyPI `pyrebase4`, module `pyrebase`,
/// installed by contrib/setup.sh) signs in, refreshes and looks the account up against the
/// sandbox, and Python's `cryptography` verifies the ID token's RS256 signature with the JWKS.
/// pyrebase builds its URLs from fixed Google hosts (the legacy v3 `www.googleapis.com/
/// identitytoolkit/v3/relyingparty/…` paths and `securetoken.googleapis.com/v1/token` with a
/// camelCase JSON body), so the script points those hosts at the sandbox, as the Firebase
/// emulator's host override does, by wrapping `requests.post`.
@Suite struct RPPPyrebaseTests {
  static let script = #"""
    import base64, json, sys
    import requests
    import pyrebase
    import pyrebase.pyrebase as module
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding, rsa

    base, email, password = sys.argv[1:4]
    post = requests.post
    def routed(url, *args, **kwargs):
        for host in ("https://www.googleapis.com/", "https://securetoken.googleapis.com/"):
            url = url.replace(host, base + "/" + host[len("https://"):])
        return post(url, *args, **kwargs)
    module.requests.post = routed

    def b64(text):
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

    app = pyrebase.initialize_app({"apiKey": "sandbox-rpp-api-key", "authDomain": "rpp-sandbox.firebaseapp.com",
                                   "databaseURL": base + "/rpp-sandbox-db", "storageBucket": "rpp-sandbox.appspot.com"})
    auth = app.auth()
    user = auth.sign_in_with_email_and_password(email, password)
    refreshed = auth.refresh(user["refreshToken"])
    info = auth.get_account_info(refreshed["idToken"])
    header, payload, signature = refreshed["idToken"].split(".")
    jwks = requests.get(base + "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com").json()
    key = next(k for k in jwks["keys"] if k["kid"] == json.loads(b64(header))["kid"])
    public = rsa.RSAPublicNumbers(int.from_bytes(b64(key["e"]), "big"), int.from_bytes(b64(key["n"]), "big")).public_key()
    public.verify(b64(signature), (header + "." + payload).encode(), padding.PKCS1v15(), hashes.SHA256())
    try:
        auth.sign_in_with_email_and_password(email, "wrong-password")
        refused = None
    except requests.exceptions.HTTPError as error:
        refused = json.loads(error.args[1])["error"]["message"]
    print(json.dumps({"localId": user["localId"], "expiresIn": user["expiresIn"], "userId": refreshed["userId"],
                      "claims": json.loads(b64(payload)), "lookup": info["users"][0]["email"], "verified": True,
                      "refused": refused}))
    """#

  @Test func pyrebaseSignsInRefreshesAndVerifiesTheToken() async throws {
    try await withRPPSandbox { server, rpp in
      let (status, output) = try await Self.python(["-c", Self.script, server.baseURL, RPPSeed.agent, RPPSeed.password])
      #expect(status == 0, "\(output)")
      let result = try #require(
        try JSONSerialization.jsonObject(with: Data((output.split(separator: "\n").last ?? "").utf8)) as? [String: Any],
        "\(output)")
      #expect(result["localId"] as? String == "usr_ana")
      #expect(result["expiresIn"] as? String == "3600")
      #expect(result["userId"] as? String == "usr_ana")
      #expect(result["lookup"] as? String == RPPSeed.agent)
      #expect(result["verified"] as? Bool == true)
      #expect(result["refused"] as? String == "INVALID_LOGIN_CREDENTIALS")
      let claims = try #require(result["claims"] as? [String: Any])
      #expect(claims["partnerId"] as? String == RPPSeed.sunset)
      #expect(claims["role"] as? String == "client")
      #expect(await server.rpp.counters().refreshes == 1)
    }
  }

  /// Runs Debian's python3 (where setup.sh installs the PyPI peers); stdout and stderr together.
  static func python(_ arguments: [String]) async throws -> (Int32, String) {
    // On a thread of its own: the client talks to the sandbox server in this process, whose
    // handlers must keep the pool's threads.
    let result = try await runCommandDetached("/usr/bin/python3", arguments)
    let text = result.stdout + result.stderr
    if text.contains("No module named 'pyrebase'") {
      Issue.record("pyrebase4 is missing: run contrib/setup.sh")
    }
    return (result.status, text)
  }
}
