import OutpostCalendar
import Testing

@testable import OutpostConnectors

/// The pieces under the client: the XML reader, multistatus, URLs and hrefs, the digest.
@Suite struct CalDAVXMLTests {
  @Test func namespacesResolveWhateverPrefixTheServerUses() throws {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <!-- a comment -->
      <multistatus xmlns="DAV:" xmlns:X="urn:ietf:params:xml:ns:caldav">
        <response><href>https://cal.example.ch/dav/r%C3%A9f/a%40outpost.ics</href>
          <propstat><prop><getetag>&quot;1-&amp;-2&quot;</getetag><resourcetype/></prop>
            <status>HTTP/1.1 200 OK</status></propstat>
          <propstat><prop><displayname/></prop><status>HTTP/1.1 404 Not Found</status></propstat>
        </response>
        <D:response xmlns:D="DAV:"><D:href>/dav/r%C3%A9f/</D:href><D:propstat><D:prop>
          <D:resourcetype><D:collection/><X:calendar/></D:resourcetype>
          <D:displayname><![CDATA[Schiri <Einsätze>]]></D:displayname></D:prop>
          <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
      </multistatus>
      """
    let responses = try Multistatus.parse(Array(body.utf8))
    #expect(responses.count == 2)
    #expect(responses[0].etag == "\"1-&-2\"")
    #expect(responses[0].property(DAVNamespace.dav, "displayname") == nil)
    #expect(!responses[0].isCollection)
    #expect(responses[1].resourceTypes == ["collection", "calendar"])
    #expect(responses[1].property(DAVNamespace.dav, "displayname")?.text == "Schiri <Einsätze>")
  }

  @Test func brokenOrHostileXMLIsRefused() {
    let bodies = [
      "<a xmlns=\"DAV:\"><b></a>",  // mismatched end tag
      "<!DOCTYPE x [<!ENTITY e \"eee\">]><x>&e;</x>",  // a DTD: no entity expansion
      "<p:a>text</p:a>",  // undeclared prefix
      "<a>&nbsp;</a>",  // an HTML entity
      "<a>",  // ends early
      "<html><body>Login</body></html>",  // well-formed, but not a multistatus
    ]
    for body in bodies {
      #expect(throws: DAVXMLError.self, "\(body)") { try Multistatus.parse(Array(body.utf8)) }
    }
    let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
    #expect(throws: DAVXMLError.self) { try DAVXMLReader.parse(Array(deep.utf8)) }
  }

  @Test func theErrorBodyNamesThePrecondition() {
    let body =
      "<?xml version='1.0'?><error xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><C:no-uid-conflict/></error>"
    #expect(Multistatus.precondition(Array(body.utf8)) == "no-uid-conflict")
    #expect(Multistatus.precondition(Array("Forbidden".utf8)) == nil)
  }

  @Test func collectionURLsAreCheckedAndNormalized() throws {
    let collection = try CalDAVCollection("https://Cal.Example.CH:8443/dav/referee/outpost")
    #expect(collection.url == "https://cal.example.ch:8443/dav/referee/outpost/")
    #expect(collection.path == "/dav/referee/outpost/")
    for bad in ["ftp://x/cal/", "https://user:pw@cal.example.ch/c/", "https://cal.example.ch/c/?x=1", "not a url", ""] {
      #expect(throws: ConnectorError.self, "\(bad)") { try CalDAVCollection(bad) }
    }
  }

  @Test func hrefsAreComparedDecodedAndOnlyOnTheSameServer() throws {
    let collection = try CalDAVCollection("http://127.0.0.1:5232/referee/outpost/")
    let uid = "event-meeting-42%40club.example.ch@outpost"
    let href = collection.href(forUID: uid)
    #expect(href == "/referee/outpost/event-meeting-42%2540club.example.ch%40outpost.ics")
    // Radicale writes `@` as `%40`, another server leaves it: the same resource either way.
    #expect(collection.key(href) == collection.key("/referee/outpost/event-meeting-42%2540club.example.ch@outpost.ics"))
    #expect(collection.key("http://127.0.0.1:5232" + href) == collection.key(href))
    #expect(collection.key("http://evil.example.org" + href) == nil)
    #expect(collection.url(for: "https://evil.example.org/referee/outpost/x.ics") == nil)
    #expect(collection.isMember(href))
    #expect(!collection.isMember("/referee/outpost/"))
    #expect(collection.isCollection("/referee/outpost"))
    #expect(!collection.isMember("/referee/outpost/sub/x.ics"))
    #expect(!collection.isMember("/referee/other/x.ics"))
  }

  @Test func theDigestIsSHA256() {
    #expect(HexDigest.sha256(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(HexDigest.sha256([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }
}
