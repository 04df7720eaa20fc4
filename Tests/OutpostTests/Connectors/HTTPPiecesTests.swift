import Testing

@testable import OutpostConnectors

struct HTTPPiecesTests {
  @Test func cookieJarKeepsTheNewestValueAndSplitsJoinedHeaders() {
    var jar = CookieJar()
    jar.absorb(
      HTTPResponse(
        status: 200,
        headers: [
          "set-cookie":
            "Neos_Flow_Session=first123; HttpOnly; Path=/, language=de; Expires=Thu, 01 Jan 2099 00:00:00 GMT; Path=/"
        ], body: []))
    #expect(jar["Neos_Flow_Session"] == "first123")
    #expect(jar["language"] == "de")
    jar.absorb(
      HTTPResponse(status: 303, headers: ["set-cookie": "Neos_Flow_Session=second456; HttpOnly; Path=/"], body: []))
    #expect(jar["Neos_Flow_Session"] == "second456")
    #expect(jar.header == "language=de; Neos_Flow_Session=second456")
    jar.absorb(HTTPResponse(status: 200, headers: ["set-cookie": "language=; Max-Age=0; Path=/"], body: []))
    #expect(jar["language"] == nil)
  }

  @Test func formEncodingEscapesBracketsAndRoundTrips() {
    let fields = [("a[b][0]", "x y&z=ü"), ("__csrfToken", "t+/=")]
    let encoded = FormEncoding.encode(fields)
    #expect(encoded == "a%5Bb%5D%5B0%5D=x%20y%26z%3D%C3%BC&__csrfToken=t%2B%2F%3D")
    let decoded = FormEncoding.decode(encoded)
    #expect(decoded.map(\.0) == fields.map(\.0))
    #expect(decoded.map(\.1) == fields.map(\.1))
    #expect(FormEncoding.decode("a=1+2&b")[0].1 == "1 2")
    #expect(FormEncoding.decode("a=1+2&b")[1].1 == "")
  }

  @Test func secretStringsNeverPrint() {
    let secret = SecretString("hunter2")
    #expect("\(secret)" == "<redacted>")
    #expect(String(reflecting: secret) == "<redacted>")
    var dumped = ""
    dump(secret, to: &dumped)
    #expect(!dumped.contains("hunter2"))
    #expect(secret.reveal() == "hunter2")
  }
}
