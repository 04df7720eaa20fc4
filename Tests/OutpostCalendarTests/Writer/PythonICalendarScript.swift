/// The independent check, run by `/usr/bin/python3 -c`: reads each calendar file with Python
/// `icalendar` and prints what it understood as JSON. Exit 3 means icalendar is missing.
enum PythonICalendarScript {
  static let source = #"""
    import json, sys
    from datetime import date, datetime, timedelta, timezone
    try:
        import icalendar
        from zoneinfo import ZoneInfo
    except ImportError as error:
        print("MISSING: " + str(error)); sys.exit(3)

    def utc(value):
        if isinstance(value, datetime):
            return value.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        return value.isoformat()

    def text(component, name):
        value = component.get(name)
        return None if value is None else str(value)

    report = []
    for path in sys.argv[1:]:
        with open(path, "rb") as handle:
            calendar = icalendar.Calendar.from_ical(handle.read())
        # Each VTIMEZONE as a tz of its own, not the tz database under its name (lookup_tzid=False).
        blocks = {str(block["TZID"]): block.to_tz(lookup_tzid=False) for block in calendar.walk("VTIMEZONE")}
        errors = [f"{c.name}: {e}" for c in calendar.walk() for e in c.errors]
        refresh = calendar.get("REFRESH-INTERVAL")
        events, years = [], set()
        for event in calendar.walk("VEVENT"):
            start = event["DTSTART"].dt
            end = event["DTEND"].dt if "DTEND" in event else None
            if isinstance(start, datetime):
                years.update({start.year, end.year if end else start.year})
            tzid = event["DTSTART"].params.get("TZID")
            via_block = None
            if tzid in blocks and isinstance(start, datetime):
                via_block = utc(start.replace(tzinfo=None).replace(tzinfo=blocks[tzid]))
            geo = event.get("GEO")
            categories = event.get("CATEGORIES")
            events.append({
                "uid": text(event, "UID"), "summary": text(event, "SUMMARY"),
                "description": text(event, "DESCRIPTION"), "location": text(event, "LOCATION"),
                "status": text(event, "STATUS"), "url": text(event, "URL"), "sequence": int(event.get("SEQUENCE", -1)),
                "start": utc(start), "end": utc(end) if end is not None else None,
                "startViaBlock": via_block, "allDay": not isinstance(start, datetime),
                "stamp": utc(event["DTSTAMP"].dt),
                "categories": [str(c) for c in categories.cats] if categories is not None else [],
                "geo": [geo.latitude, geo.longitude] if geo is not None else None,
                "alarms": [int(a["TRIGGER"].dt.total_seconds()) for a in event.walk("VALARM")],
            })
        zones = []
        for vtimezone in calendar.walk("VTIMEZONE"):
            mine = blocks[str(vtimezone["TZID"])]
            real = ZoneInfo(str(vtimezone["TZID"]))
            checked, mismatches = 0, []
            step = timedelta(hours=6)
            for year in sorted(years):
                moment, previous = datetime(year, 1, 1, tzinfo=timezone.utc), None
                while moment.year == year:
                    pair = (moment.astimezone(mine).utcoffset(), moment.astimezone(real).utcoffset())
                    # Every six hours, and every quarter hour of a span in which either zone changed.
                    probes = [moment]
                    if previous is not None and pair != previous:
                        probes += [moment - step + timedelta(minutes=15 * k) for k in range(1, 24)]
                    for probe in probes:
                        checked += 1
                        if probe.astimezone(mine).utcoffset() != probe.astimezone(real).utcoffset():
                            mismatches.append(probe.isoformat())
                    previous = pair
                    moment += step
            zones.append({"tzid": str(vtimezone["TZID"]), "checked": checked, "mismatchCount": len(mismatches),
                          "mismatches": mismatches[:5]})
        report.append({
            "version": text(calendar, "VERSION"), "name": text(calendar, "X-WR-CALNAME"), "color": text(calendar, "COLOR"),
            "refreshSeconds": int(refresh.dt.total_seconds()) if refresh is not None else None,
            "errors": errors, "events": events, "zones": zones,
        })
    print(json.dumps(report))
    """#
}
