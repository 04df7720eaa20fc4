/// The request bodies, written once. Prefixes are spelled out: some servers mishandle a default
/// namespace on the root element.
enum CalDAVBodies {
  /// What `verifyCalendar()` asks about the collection.
  static let calendarProperties = """
    <?xml version="1.0" encoding="utf-8"?>
    <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
    <D:prop><D:resourcetype/><D:displayname/><C:supported-calendar-component-set/></D:prop>\
    </D:propfind>
    """

  /// What a listing asks about each member: enough to tell collections apart and compare ETags.
  static let memberProperties = """
    <?xml version="1.0" encoding="utf-8"?>
    <D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/><D:getetag/></D:prop></D:propfind>
    """
}
