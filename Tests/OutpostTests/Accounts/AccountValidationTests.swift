import OutpostModel
import Testing

struct AccountValidationTests {
  @Test(arguments: ["volleymanager", "svrz-2", "lena.graf@sv", "Zürich", "a"])
  func acceptsReasonableNames(name: String) {
    #expect(AccountValidation.problem(withName: name) == nil)
  }

  @Test(arguments: [
    "", "-dash", "has space", "semi;colon", String(repeating: "x", count: 65), "tab\there", "../up", "all", "ALL",
  ])
  func refusesOddNames(name: String) {
    #expect(AccountValidation.problem(withName: name) != nil)
  }

  @Test func refusesEmptyAbsurdAndPaddedUsernames() {
    #expect(AccountValidation.problem(withUsername: "referee@example.ch") == nil)
    #expect(AccountValidation.problem(withUsername: "") != nil)
    #expect(AccountValidation.problem(withUsername: "   ") != nil)
    #expect(AccountValidation.problem(withUsername: " padded") != nil)
    #expect(AccountValidation.problem(withUsername: "line\nbreak") != nil)
    #expect(AccountValidation.problem(withUsername: String(repeating: "u", count: 300)) != nil)
  }

  @Test func baseURLsAreHTTPOrHTTPSAndNormalised() throws {
    #expect(
      try AccountValidation.normalizedBaseURL("https://VolleyManager.Volleyball.ch/").get()
        == "https://volleymanager.volleyball.ch")
    #expect(try AccountValidation.normalizedBaseURL("http://127.0.0.1:8080").get() == "http://127.0.0.1:8080")
    for bad in [
      "ftp://host", "file:///etc/passwd", "not a url", "https://", "https://u:p@host", "https://h/?q=1", "webcal://h",
    ] {
      #expect(throws: AccountValidation.BaseURLProblem.self, "\(bad)") {
        try AccountValidation.normalizedBaseURL(bad).get()
      }
    }
  }
}
