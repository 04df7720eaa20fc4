#!/usr/bin/env python3
"""The data both sides of contrib/bench-peers.sh read: a referee's iCalendar feed.

    peer-data.py EVENTS OUT.ics [--today YYYY-MM-DD] [--seed S]

EVENTS games spread from 30 days before TODAY over 395 days (Outpost's sync window), with
Europe/Zurich times and its VTIMEZONE, a hall's address, a description of several lines and
non-ASCII text, as a referee's federation publishes them. The same arguments give the same bytes:
both peers and Outpost read one file, served over loopback HTTP by the benchmark.
"""

import argparse
import datetime
import random

TEAMS = [
    "Volley Amriswil", "Chênois Genève", "Volley Näfels", "Lausanne UC", "Volley Schönenwerd",
    "Lindaren Volley Amriswil", "VBC Züri Unterland", "TSV Jona", "Volley Luzern", "STV St. Gallen",
    "VBC Cheseaux", "Volley Münsingen", "Traktor Basel", "VBC Val-de-Travers", "Kanti Schaffhausen",
    "Sm'Aesch Pfeffingen", "Viteos NUC", "Volero Zürich", "VC Kanti Baden", "Genève Volley",
]
HALLS = [
    ("Sporthalle Tellenfeld", "Tellenfeldstrasse 20, 8580 Amriswil"),
    ("Salle du Lignon", "Place du Lignon 1, 1219 Aïre"),
    ("Lintharena", "Oberurnerstrasse 16, 8752 Näfels"),
    ("Salle Omnisport du Vieux-Moulin", "Chemin du Vieux-Moulin 2, 1004 Lausanne"),
    ("Betoncoupe Arena", "Aarauerstrasse 20, 5012 Schönenwerd"),
    ("Saalsporthalle", "Allmendstrasse 5, 8041 Zürich"),
    ("Sporthalle Bützi", "Bützistrasse 10, 8645 Jona"),
    ("Riffenmatt", "Riffenmattweg 3, 3073 Gümligen"),
]
LEAGUES = ["NLA Men", "NLA Women", "NLB Men", "NLB Women", "1L Men", "Swiss Cup"]
ROLES = ["1st referee", "2nd referee", "line judge", "scorer"]

VTIMEZONE = """BEGIN:VTIMEZONE
TZID:Europe/Zurich
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19810329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19961027T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE"""


def escape(text):
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def fold(line):
    """RFC 5545 §3.1: lines of at most 75 octets, continued with a space, not splitting UTF-8."""
    data = line.encode("utf-8")
    if len(data) <= 75:
        return line
    parts, current, limit = [], b"", 75
    for char in line:
        encoded = char.encode("utf-8")
        if len(current) + len(encoded) > limit:
            parts.append(current.decode("utf-8"))
            current, limit = b"", 74
        current += encoded
    parts.append(current.decode("utf-8"))
    return "\r\n ".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("events", type=int)
    parser.add_argument("out")
    parser.add_argument("--today", default=datetime.date.today().isoformat())
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    today = datetime.date.fromisoformat(arguments.today)
    first = today - datetime.timedelta(days=30)
    span = 395 * 24 * 60  # minutes over which the games spread
    stamp = "20261101T080000Z"
    lines = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Outpost bench//referee feed//EN", "CALSCALE:GREGORIAN",
        "X-WR-CALNAME:Referee assignments", "X-WR-TIMEZONE:Europe/Zurich",
    ]
    lines += VTIMEZONE.split("\n")
    for index in range(arguments.events):
        minute = index * span // max(arguments.events, 1)
        day = first + datetime.timedelta(days=minute // 1440)
        hour = rng.choice([14, 16, 17, 18, 19, 20]) if day.weekday() >= 5 else rng.choice([19, 20])
        start = datetime.datetime(day.year, day.month, day.day, hour, rng.choice([0, 15, 30]))
        end = start + datetime.timedelta(hours=2, minutes=30)
        home, away = rng.sample(TEAMS, 2)
        hall, address = rng.choice(HALLS)
        league = rng.choice(LEAGUES)
        game = 380000 + index
        description = (
            f"Game {game}\n{league}\nRole: {rng.choice(ROLES)}\nPartner: {rng.choice(['A. Keller', 'M. Rossi', 'L. Favre', 'S. Müller'])}\n"
            f"Arrive 60 minutes before the game. Hall: {hall}, {address}"
        )
        event = [
            "BEGIN:VEVENT",
            f"UID:game-{game}@referee.example.ch",
            f"DTSTAMP:{stamp}",
            f"LAST-MODIFIED:{stamp}",
            f"SEQUENCE:{rng.choice([0, 0, 0, 1, 2])}",
            f"DTSTART;TZID=Europe/Zurich:{start:%Y%m%dT%H%M%S}",
            f"DTEND;TZID=Europe/Zurich:{end:%Y%m%dT%H%M%S}",
            "SUMMARY:" + escape(f"{league}: {home} – {away}"),
            "LOCATION:" + escape(f"{hall}, {address}"),
            "DESCRIPTION:" + escape(description),
            f"URL:https://referee.example.ch/games/{game}",
            "CATEGORIES:" + escape(league),
            "STATUS:CONFIRMED",
            "END:VEVENT",
        ]
        lines += event
    lines.append("END:VCALENDAR")
    with open(arguments.out, "w", encoding="utf-8", newline="") as out:
        out.write("\r\n".join(fold(line) for line in lines) + "\r\n")


if __name__ == "__main__":
    main()
