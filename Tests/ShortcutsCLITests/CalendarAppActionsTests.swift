import Foundation
import ShortcutsTestSupport
import Testing

/// The Calendar app's own actions (`com.apple.mobilecal.*` and `com.apple.iCal.*`) through the
/// built `shortcuts`, on the vdir folders of iCalendar events, read back by python3-icalendar.
@Suite(.serialized) struct CalendarAppActionsTests {
    let runner: CommandRunner
    var home: String { runner.home }
    let opened: String

    init() throws {
        runner = try CommandRunner()
        runner.extraEnvironment["TZ"] = "Europe/Paris"
        runner.extraEnvironment["LANG"] = "en_GB.UTF-8"
        // A stand-in for xdg-open that writes down what it was asked to open.
        opened = runner.directory.path + "/opened"
        let opener = try runner.write(Data("#!/bin/sh\necho \"$1\" >> \(opened)\n".utf8), to: "bin/xdg-open")
        chmod(opener, 0o755)
        runner.extraEnvironment["PATH"] = runner.directory.path + "/bin:/usr/bin:/bin"
    }

    func run(_ source: String) throws -> ProcessOutput {
        let file = try runner.write(Data("\(source)\n".utf8), to: "calendar-\(UUID().uuidString).sct")
        return try runner.run(["run", file])
    }

    /// Each event under `Calendars/`, as python3-icalendar reads it: the fields asked for, joined by `|`.
    func events(_ fields: String) throws -> [String] {
        let read = try ProcessRun.run(
            "/usr/bin/python3",
            [
                "-c",
                """
                import icalendar, glob, sys
                for path in sorted(glob.glob(sys.argv[1] + '/Calendars/*/*.ics')):
                    event = icalendar.Calendar.from_ical(open(path, 'rb').read()).walk('VEVENT')[0]
                    folder = path.split('/')[-2]
                    def show(value):
                        if isinstance(value, list): return ','.join(show(v) for v in value)
                        if hasattr(value, 'dt'): return value.dt.isoformat() if hasattr(value.dt, 'isoformat') else str(value.dt)
                        if hasattr(value, 'to_ical'): return value.to_ical().decode()
                        return str(value)
                    values = [folder]
                    for name in sys.argv[2].split(','):
                        if name == 'ALARMS': values.append(','.join(show(a['TRIGGER']) for a in event.walk('VALARM')))
                        else: values.append(show(event[name]) if name in event else '-')
                    print('|'.join(values))
                """,
                home, fields,
            ])
        #expect(read.status == 0, "\(read.error)")
        return read.output.split(separator: "\n").map(String.init).sorted()
    }

    func openedLinks() -> [String] {
        ((try? String(contentsOfFile: opened, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func eventsAreMadeWithEveryDetailAndEditedAsOtherProgramsReadThem() throws {
        let made = try run(
            """
            work = com.apple.mobilecal.CreateCalendarIntent name: "Work"
            com.apple.iCal.CreateCalendarIntent name: "Home"
            event = com.apple.mobilecal.CreateEventIntent title: "Standup", startDate: "2030-03-04 10:00", endDate: "2030-03-04 10:15", recurrence: "Weekly", calendar: work, location: "Room 4", note: "Bring notes", alarms: ["15 minutes before", 60], attendees: ["Ada <ada@example.com>", "bob@example.com"], privacyLevel: "Private", availability: "Tentative", travelTime: 1800, url: "https://example.com/standup"
            Text "\\(event.Title) \\(event.Calendar) \\(event.Location)"
            """)
        #expect(made.status == 0 && made.output == "Standup Work Room 4\n", "\(made.output) \(made.error)")
        #expect(
            try events(
                "SUMMARY,DTSTART,DTEND,RRULE,LOCATION,DESCRIPTION,CLASS,TRANSP,X-MICROSOFT-CDO-BUSYSTATUS,X-APPLE-TRAVEL-DURATION,URL")
                == [
                    "Work|Standup|2030-03-04T09:00:00+00:00|2030-03-04T09:15:00+00:00|FREQ=WEEKLY|Room 4|Bring notes|PRIVATE|OPAQUE|TENTATIVE|PT30M|https://example.com/standup"
                ])
        #expect(try events("ATTENDEE,ALARMS") == ["Work|mailto:ada@example.com,mailto:bob@example.com|-1 day, 23:45:00,-1 day, 23:59:00"])

        // Edit Event, by its macOS identifier: a new start keeps the length; another calendar moves the file.
        let edited = try run(
            """
            found = is.workflow.actions.filter.calendarevents
            com.apple.iCal.EditEventIntent event: found, title: "Daily standup", startDate: "2030-03-05 09:30", calendar: "Home", status: "Canceled", recurrence: "daily", availability: "Free"
            """)
        #expect(edited.status == 0, "\(edited.error)")
        #expect(
            try events("SUMMARY,DTSTART,DTEND,RRULE,STATUS,TRANSP,X-MICROSOFT-CDO-BUSYSTATUS,SEQUENCE,LOCATION") == [
                "Home|Daily standup|2030-03-05T08:30:00+00:00|2030-03-05T08:45:00+00:00|FREQ=DAILY|CANCELLED|TRANSPARENT|-|1|Room 4"
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: home + "/Calendars/Work").filter { $0.hasSuffix(".ics") }.isEmpty)

        // An all-day event keeps whole days.
        let allDay = try run(
            #"com.apple.mobilecal.CreateEventIntent title: "Holiday", startDate: "2030-08-01", endDate: "2030-08-02", isAllDay: true, calendar: "Home""#
        )
        #expect(allDay.status == 0, "\(allDay.error)")
        #expect(try events("SUMMARY,DTSTART,DTEND").contains("Home|Holiday|2030-08-01|2030-08-03"))
        // Editing an all-day event keeps its days (its DTEND is the day after the last).
        let kept = try run(#"com.apple.iCal.EditEventIntent event: "Holiday", isAllDay: true, note: "Beach""#)
        #expect(kept.status == 0, "\(kept.error)")
        #expect(try events("SUMMARY,DTSTART,DTEND").contains("Home|Holiday|2030-08-01|2030-08-03"))
    }

    @Test func deletingOneOccurrenceOrTheRestOfASeries() throws {
        let made = try run(
            #"com.apple.mobilecal.CreateEventIntent title: "Gym", startDate: "2030-03-04 18:00", endDate: "2030-03-04 19:00", recurrence: "FREQ=DAILY;COUNT=10""#
        )
        #expect(made.status == 0, "\(made.error)")
        func upcoming() throws -> [String] {
            let listed = try run(
                """
                is.workflow.actions.getupcomingevents WFGetUpcomingItemCount: 20
                is.workflow.actions.properties.calendarevents WFContentItemPropertyName: "Start Date"
                is.workflow.actions.format.date WFDateFormatStyle: "Custom", WFDateFormat: "d"
                """)
            #expect(listed.status == 0, "\(listed.error)")
            return listed.output.split(separator: "\n").map(String.init)
        }
        #expect(try upcoming() == ["4", "5", "6", "7", "8", "9", "10", "11", "12", "13"])
        let one = try run(
            """
            events = is.workflow.actions.getupcomingevents WFGetUpcomingItemCount: 20
            second = is.workflow.actions.getitemfromlist WFInput: events, WFItemSpecifier: "Item At Index", WFItemIndex: 2
            com.apple.mobilecal.DeleteEventIntent entity: second, span: "This Event"
            """)
        #expect(one.status == 0, "\(one.error)")
        #expect(try upcoming() == ["4", "6", "7", "8", "9", "10", "11", "12", "13"])
        let rest = try run(
            """
            events = is.workflow.actions.getupcomingevents WFGetUpcomingItemCount: 20
            fifth = is.workflow.actions.getitemfromlist WFInput: events, WFItemSpecifier: "Item At Index", WFItemIndex: 5
            com.apple.iCal.DeleteEventIntent entity: fifth, span: "Future Events"
            """)
        #expect(rest.status == 0, "\(rest.error)")
        #expect(try upcoming() == ["4", "6", "7", "8"])
        // Two occurrences of one series in one action: both go.
        let two = try run(
            """
            events = is.workflow.actions.getupcomingevents WFGetUpcomingItemCount: 20
            pair = is.workflow.actions.getitemfromlist WFInput: events, WFItemSpecifier: "Items in Range", WFItemRangeStart: 2, WFItemRangeEnd: 3
            com.apple.mobilecal.DeleteEventIntent entity: pair, span: "This Event"
            """)
        #expect(two.status == 0, "\(two.error)")
        #expect(try upcoming() == ["4", "8"])
        // The whole of a series, by title, goes to Recently Deleted.
        let all = try run(#"com.apple.mobilecal.DeleteEventIntent entity: "Gym""#)
        #expect(all.status == 0, "\(all.error)")
        #expect(try run("is.workflow.actions.filter.calendarevents\nis.workflow.actions.count").output == "0\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home + "/Calendars/.Recently Deleted/Calendar").count == 1)
    }

    @Test func mailJoinAndAnswerAnInvitation() throws {
        runner.extraEnvironment["EMAIL"] = "Me <me@example.org>"
        let folder = home + "/Calendars/Work"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // An invitation as another program writes it: an organizer, us among the attendees, a Zoom link in the notes.
        let invitation = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VEVENT\r
            UID:review-1\r
            DTSTAMP:20300101T000000Z\r
            DTSTART:20300310T140000Z\r
            DTEND:20300310T150000Z\r
            SUMMARY:Design review\r
            DESCRIPTION:Join: https://example.zoom.us/j/123456 (passcode 42)\r
            ORGANIZER;CN=Grace:mailto:grace@example.com\r
            ATTENDEE;CN=Grace;PARTSTAT=ACCEPTED:mailto:grace@example.com\r
            ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:me@example.org\r
            ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:alan@example.com\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        try Data(invitation.utf8).write(to: URL(fileURLWithPath: folder + "/review-1.ics"))
        let result = try run(
            """
            com.apple.mobilecal.EmailAttendeesIntent target: "Design review"
            com.apple.iCal.EmailOrganizerIntent target: "Design review"
            com.apple.mobilecal.JoinEventIntent target: "design review"
            answered = com.apple.mobilecal.RespondToInboxItemIntent target: "Design review", response: "Maybe"
            is.workflow.actions.properties.eventattendees WFInput: answered.Attendees, WFContentItemPropertyName: "Status"
            """)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            openedLinks() == [
                "mailto:grace@example.com,me@example.org,alan@example.com?subject=Design%20review",
                "mailto:grace@example.com?subject=Design%20review", "https://example.zoom.us/j/123456",
            ], "\(openedLinks())")
        #expect(result.output == "Accepted\nTentative\nPending\n", "\(result.output)")
        #expect(try events("ATTENDEE") == ["Work|mailto:grace@example.com,mailto:me@example.org,mailto:alan@example.com"])
        let file = try String(contentsOfFile: folder + "/review-1.ics", encoding: .utf8)
        #expect(file.contains("ATTENDEE;PARTSTAT=TENTATIVE:mailto:me@example.org"), "\(file)")
        #expect(file.contains("DESCRIPTION:Join: https://example.zoom.us/j/123456 (passcode 42)"))

        runner.extraEnvironment["EMAIL"] = "nobody@example.net"
        let stranger = try run(#"com.apple.mobilecal.RespondToInboxItemIntent target: "Design review", response: "Accept""#)
        #expect(stranger.status != 0 && stranger.error.contains("parameter target: nobody@example.net is not invited"), "\(stranger.error)")
    }

    /// Bad input names the action and the parameter, and exits non-zero.
    @Test func mistakesNameTheActionAndTheParameter() throws {
        _ = try run(#"com.apple.mobilecal.CreateEventIntent title: "Lunch", startDate: "2030-01-01 12:00""#)
        let cases: [(String, String)] = [
            (
                #"com.apple.mobilecal.CreateEventIntent title: "X", calendar: "Nope""#,
                "parameter calendar: there is no calendar named “Nope”"
            ),
            (#"com.apple.mobilecal.CreateEventIntent title: "X", privacyLevel: "Secret""#, "parameter privacyLevel"),
            (
                #"com.apple.iCal.CreateEventIntent title: "X", recurrence: "every blue moon""#,
                "parameter recurrence: “every blue moon” is not a recurrence"
            ),
            (
                #"com.apple.mobilecal.CreateEventIntent title: "X", startDate: "2030-01-02 10:00", endDate: "2030-01-01 10:00""#,
                "parameter endDate: the event would end before it starts"
            ),
            (#"com.apple.mobilecal.CreateEventIntent title: "X", attendees: ["no address here"]"#, "parameter attendees"),
            (#"com.apple.mobilecal.EditEventIntent event: "Dinner", title: "Y""#, "parameter event: no event is called “Dinner”"),
            (#"com.apple.mobilecal.JoinEventIntent target: "Lunch""#, "parameter target: “Lunch” has no video call"),
            (#"com.apple.mobilecal.EmailOrganizerIntent target: "Lunch""#, "parameter target: “Lunch” has no organizer"),
            (#"com.apple.mobilecal.DeleteCalendarsIntent entities: "Calendar", reportJunk: "Report""#, "parameter reportJunk"),
            (#"com.apple.mobilecal.RespondToInboxItemIntent target: "Lunch", response: "Accept""#, "your email address isn't known"),
        ]
        for (source, message) in cases {
            let result = try run(source)
            #expect(result.status != 0, "\(source)")
            #expect(result.error.contains("com.apple."), "\(source): \(result.error)")
            #expect(result.error.contains(message), "\(source): \(result.error)")
        }
        let deleted = try run(#"com.apple.iCal.DeleteCalendarsIntent entities: "calendar""#)
        #expect(deleted.status == 0, "\(deleted.error)")
        #expect(FileManager.default.fileExists(atPath: home + "/Calendars/.Recently Deleted/Calendar/displayname") == false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home + "/Calendars/.Recently Deleted/Calendar").count == 1)
        #expect(!FileManager.default.fileExists(atPath: home + "/Calendars/Calendar"))
    }

    /// Both platforms' identifiers are listed as the Calendar app's; the friendly name is one action's.
    @Test func bothPlatformsAreListedAndTheNameIsOne() throws {
        let listed = try runner.run(["actions", "--app", "Calendar"])
        let heads = listed.output.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(heads.count == 18, "\(listed.output)")
        #expect(heads.filter { $0.hasPrefix("com.apple.iCal.") }.count == 9)
        let named = try run(
            """
            CreateEvent "Lunch", startDate: "2030-01-01 12:00"
            DeleteEvents "Lunch"
            is.workflow.actions.filter.calendarevents
            is.workflow.actions.count
            """)
        #expect(named.status == 0 && named.output == "0\n", "\(named.output) \(named.error)")
        let text = try runner.write(Data("CreateEvent \"Lunch\"\n".utf8), to: "Named.sct")
        let compiled = try runner.run(["compile", text, "-o", "-", "--xml"])
        #expect(compiled.output.contains("<string>com.apple.iCal.CreateEventIntent</string>"), "\(compiled.output)")
    }
}
