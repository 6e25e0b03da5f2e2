import Foundation
import ShortcutsTestSupport
import Testing

/// Events and reminders as vdir folders of iCalendar files, through the built `shortcuts`, read
/// back and written beforehand by python3-icalendar (a real, independent iCalendar library).
@Suite(.serialized) struct CalendarActionsTests {
    let runner: CommandRunner
    var home: String { runner.home }

    init() throws {
        runner = try CommandRunner()
        runner.extraEnvironment["TZ"] = "Europe/Paris"
        runner.extraEnvironment["LANG"] = "en_GB.UTF-8"
    }

    func run(_ source: String) throws -> ProcessOutput {
        let file = try runner.write(Data("\(source)\n".utf8), to: "calendar-\(UUID().uuidString).sct")
        return try runner.run(["run", file])
    }

    func python(_ script: String) throws -> ProcessOutput {
        var environment = runner.environment
        environment["TZ"] = "Europe/Paris"
        return try ProcessRun.run("/usr/bin/python3", ["-c", script, home], environment: environment)
    }

    /// A repeating event (its RRULE, as other programs write it) shows on each day it happens:
    /// weekly on two days, five times, less one EXDATE; a monthly one on the 31st skips the
    /// months without one; a rule this doesn't read shows the event once.
    @Test func repeatingEventsShowEachTimeTheyHappen() throws {
        let written = try python(
            """
            import icalendar, datetime, os, sys
            folder = sys.argv[1] + '/Calendars/Work'
            os.makedirs(folder)
            def event(uid, summary, start, rule, exdate=None):
                calendar = icalendar.Calendar()
                calendar.add('prodid', '-//test//EN'); calendar.add('version', '2.0')
                item = icalendar.Event()
                item.add('uid', uid); item.add('summary', summary); item.add('dtstart', start)
                item.add('dtend', start + datetime.timedelta(minutes=30))
                item.add('rrule', rule)
                if exdate: item.add('exdate', exdate)
                calendar.add_component(item)
                open(folder + '/' + uid + '.ics', 'wb').write(calendar.to_ical())
            utc = datetime.timezone.utc
            event('standup', 'Standup', datetime.datetime(2030, 3, 4, 9, 0, tzinfo=utc), {'freq': 'weekly', 'byday': ['MO', 'WE'], 'count': 5},
                  exdate=datetime.datetime(2030, 3, 6, 9, 0, tzinfo=utc))
            event('rent', 'Rent', datetime.datetime(2030, 1, 31, 8, 0, tzinfo=utc), {'freq': 'monthly', 'until': datetime.datetime(2030, 6, 1, tzinfo=utc)})
            event('odd', 'Odd', datetime.datetime(2030, 2, 1, 8, 0, tzinfo=utc), {'freq': 'monthly', 'bysetpos': [-1], 'byday': ['FR']})
            """)
        #expect(written.status == 0, "\(written.error)")
        let titles = try run(
            """
            is.workflow.actions.getupcomingevents WFGetUpcomingItemCount: 20
            is.workflow.actions.properties.calendarevents WFContentItemPropertyName: "Title"
            """)
        let starts = try run(
            """
            is.workflow.actions.getupcomingevents WFGetUpcomingItemCount: 20
            is.workflow.actions.properties.calendarevents WFContentItemPropertyName: "Start Date"
            is.workflow.actions.format.date WFDateFormatStyle: "ISO 8601", WFISO8601IncludeTime: true
            """)
        #expect(titles.status == 0 && starts.status == 0, "\(titles.error) \(starts.error)")
        let upcoming = zip(titles.output.split(separator: "\n"), starts.output.split(separator: "\n")).map { "\($0) \($1)" }
        // In Paris: winter time until 31 March 2030; each stays at its UTC time, as it was written.
        let expected: [String] = [
            "Rent 2030-01-31T09:00:00+01:00", "Odd 2030-02-01T09:00:00+01:00", "Standup 2030-03-04T10:00:00+01:00",
            "Standup 2030-03-11T10:00:00+01:00", "Standup 2030-03-13T10:00:00+01:00", "Standup 2030-03-18T10:00:00+01:00",
            "Rent 2030-03-31T10:00:00+02:00", "Rent 2030-05-31T10:00:00+02:00",
        ]
        #expect(upcoming == expected, "\(titles.output)\(starts.output)")
    }

    @Test func eventsAreICalendarFilesOtherProgramsRead() throws {
        let added = try run(
            """
            is.workflow.actions.addnewevent WFCalendarItemTitle: "Dentist; check-up, yearly", WFCalendarItemStartDate: "2030-05-04 10:00", WFCalendarItemEndDate: "2030-05-04 11:30", WFAlertTime: "15 minutes before", WFCalendarItemLocation: "Rue de Rivoli, Paris", WFCalendarItemNotes: "Bring the card\\nand the letter"
            is.workflow.actions.properties.calendarevents WFContentItemPropertyName: "Duration"
            """)
        #expect(added.status == 0 && added.output == "5400\n", "\(added.output) \(added.error)")
        let read = try python(
            """
            import icalendar, glob, sys
            for path in glob.glob(sys.argv[1] + '/Calendars/Calendar/*.ics'):
                event = icalendar.Calendar.from_ical(open(path, 'rb').read()).walk('VEVENT')[0]
                print(event['SUMMARY'], '|', event['LOCATION'], '|', event['DESCRIPTION'].replace('\\n', '/'))
                print(event.decoded('DTSTART').isoformat(), event.decoded('DTEND').isoformat())
                print(event.walk('VALARM')[0]['TRIGGER'].to_ical().decode())
            """)
        #expect(read.status == 0, "\(read.error)")
        #expect(
            read.output == """
                Dentist; check-up, yearly | Rue de Rivoli, Paris | Bring the card/and the letter
                2030-05-04T08:00:00+00:00 2030-05-04T09:30:00+00:00
                -PT15M

                """, "\(read.output)")
    }

    @Test func upcomingAndFoundEventsIncludeFilesWrittenElsewhere() throws {
        // A calendar another program wrote: a zone of its own, a folded line, an all-day event.
        let written = try python(
            """
            import icalendar, datetime, os, sys
            from dateutil import tz
            folder = sys.argv[1] + '/Calendars/Work'
            os.makedirs(folder)
            open(folder + '/displayname', 'w').write('Work\\n')
            def event(uid, summary, start, end=None):
                calendar = icalendar.Calendar()
                calendar.add('prodid', '-//test//EN'); calendar.add('version', '2.0')
                item = icalendar.Event()
                item.add('uid', uid); item.add('summary', summary); item.add('dtstart', start)
                if end: item.add('dtend', end)
                item.add('description', 'x' * 200)
                calendar.add_component(item)
                open(folder + '/' + uid + '.ics', 'wb').write(calendar.to_ical())
            tokyo = tz.gettz('Asia/Tokyo')
            event('standup', 'Standup', datetime.datetime(2030, 3, 2, 18, 0, tzinfo=tokyo), datetime.datetime(2030, 3, 2, 18, 15, tzinfo=tokyo))
            event('holiday', 'Vacances', datetime.date(2030, 8, 1), datetime.date(2030, 8, 15))
            event('past', 'Old review', datetime.datetime(2020, 1, 1, 9, 0, tzinfo=tokyo), datetime.datetime(2020, 1, 1, 10, 0, tzinfo=tokyo))
            """)
        #expect(written.status == 0, "\(written.error)")
        let upcoming = try run(
            """
            is.workflow.actions.getupcomingevents WFGetUpcomingItemCount: 5, WFGetUpcomingItemCalendar: "Work"
            is.workflow.actions.properties.calendarevents WFContentItemPropertyName: "Title"
            """)
        #expect(upcoming.status == 0 && upcoming.output == "Standup\nVacances\n", "\(upcoming.output) \(upcoming.error)")
        // 18:00 in Tokyo is 10:00 in Paris.
        let start = try run(
            """
            is.workflow.actions.getupcomingevents WFGetUpcomingItemCount: 1
            is.workflow.actions.properties.calendarevents WFContentItemPropertyName: "Start Date"
            is.workflow.actions.format.date WFDateFormatStyle: "Custom", WFDateFormat: "yyyy-MM-dd HH:mm"
            """)
        #expect(start.output == "2030-03-02 10:00\n", "\(start.output) \(start.error)")
        let found = try run(
            """
            is.workflow.actions.filter.calendarevents WFContentItemFilter: #conditions(all, [{Property: "Title", Operator: 99, Values: #record {String: "Vac"}, Removable: true}, {Property: "Is All Day", Operator: 4, Values: #record {Bool: true}, Removable: true}])
            is.workflow.actions.properties.calendarevents WFContentItemPropertyName: "Calendar"
            """)
        #expect(found.status == 0 && found.output == "Work\n", "\(found.output) \(found.error)")
        let missing = try run(#"is.workflow.actions.getupcomingevents WFGetUpcomingItemCalendar: "Home""#)
        #expect(
            missing.status == 1
                && missing.error.contains("parameter WFGetUpcomingItemCalendar: there is no calendar named “Home”; there are Work"),
            "\(missing.error)")

        let removed = try run(
            """
            is.workflow.actions.filter.calendarevents WFContentItemFilter: #conditions(all, [{Property: "Title", Operator: 4, Values: #record {String: "Standup"}, Removable: true}])
            is.workflow.actions.removeevents
            """)
        #expect(removed.status == 0, "\(removed.error)")
        #expect(!FileManager.default.fileExists(atPath: home + "/Calendars/Work/standup.ics"))
        #expect(FileManager.default.fileExists(atPath: home + "/Calendars/.Recently Deleted/Work/standup.ics"))
    }

    @Test func remindersAreToDosThatCanBeCompletedAndCleared() throws {
        let added = try run(
            """
            is.workflow.actions.addnewreminder WFCalendarItemTitle: "Buy milk", WFAlertEnabled: "Alert", WFAlertCustomTime: "2030-01-02 09:00", WFPriority: "High"
            is.workflow.actions.addnewreminder WFCalendarItemTitle: "Call Ada", WFAlertEnabled: "Alert", WFAlertCustomTime: "2030-01-01 09:00"
            is.workflow.actions.addnewreminder WFCalendarItemTitle: "Someday"
            is.workflow.actions.getupcomingreminders WFGetUpcomingItemCount: 5
            is.workflow.actions.properties.reminders WFContentItemPropertyName: "Title"
            """)
        #expect(added.status == 0 && added.output == "Call Ada\nBuy milk\n", "\(added.output) \(added.error)")
        let completed = try run(
            """
            is.workflow.actions.filter.reminders WFContentItemFilter: #conditions(all, [{Property: "Title", Operator: 4, Values: #record {String: "Buy milk"}, Removable: true}])
            is.workflow.actions.setters.reminders WFContentItemPropertyName: "Is Completed", WFReminderContentItemIsCompleted: true
            is.workflow.actions.properties.reminders WFContentItemPropertyName: "Priority"
            """)
        #expect(completed.status == 0 && completed.output == "High\n", "\(completed.output) \(completed.error)")
        // Files from older Shortcuts (the corpus's 03-my-days-diary) filter by "Name", the title.
        let byName = try run(
            """
            is.workflow.actions.filter.reminders WFContentItemFilter: #conditions(all, [{Property: "Name", Operator: 99, Values: #record {String: "Ada"}, Removable: true}])
            is.workflow.actions.properties.reminders WFContentItemPropertyName: "Title"
            """)
        #expect(byName.status == 0 && byName.output == "Call Ada\n", "\(byName.output) \(byName.error)")
        let read = try python(
            """
            import icalendar, glob, sys
            for path in sorted(glob.glob(sys.argv[1] + '/Reminders/Reminders/*.ics')):
                todo = icalendar.Calendar.from_ical(open(path, 'rb').read()).walk('VTODO')[0]
                print(todo['SUMMARY'], todo['STATUS'], 'COMPLETED' in todo, todo.decoded('DUE').isoformat() if 'DUE' in todo else '-')
            """)
        #expect(read.status == 0, "\(read.error)")
        #expect(
            Set(read.output.split(separator: "\n")) == [
                "Buy milk COMPLETED True 2030-01-02T08:00:00+00:00", "Call Ada NEEDS-ACTION False 2030-01-01T08:00:00+00:00",
                "Someday NEEDS-ACTION False -",
            ], "\(read.output)")
        // Shortcuts' own "clear completed reminders" idiom (corpus 37).
        let cleared = try run(
            """
            is.workflow.actions.filter.reminders WFContentItemFilter: #conditions(all, [{Property: "Is Completed", Operator: 4, Values: #record {Bool: true}, Removable: true}])
            is.workflow.actions.removereminders
            is.workflow.actions.filter.reminders
            is.workflow.actions.count
            """)
        #expect(cleared.status == 0 && cleared.output == "2\n", "\(cleared.output) \(cleared.error)")
    }

    @Test func attendeesAndEditsOfAnEvent() throws {
        let written = try python(
            """
            import icalendar, datetime, os, sys
            folder = sys.argv[1] + '/Calendars/Calendar'
            os.makedirs(folder)
            calendar = icalendar.Calendar(); calendar.add('prodid', '-//test//EN'); calendar.add('version', '2.0')
            event = icalendar.Event()
            event.add('uid', 'review'); event.add('summary', 'Design review')
            event.add('dtstart', datetime.datetime(2030, 6, 1, 14, 0, tzinfo=datetime.timezone.utc))
            event.add('dtend', datetime.datetime(2030, 6, 1, 15, 30, tzinfo=datetime.timezone.utc))
            def address(email, **parameters):
                value = icalendar.vCalAddress('mailto:' + email)
                for key, given in parameters.items(): value.params[key] = icalendar.vText(given)
                return value
            event.add('organizer', address('ada@example.org', CN='Ada'))
            for cn, email, status in [('Ada', 'ada@example.org', 'ACCEPTED'), ('Grace', 'grace@example.org', 'ACCEPTED'), ('Alan', 'alan@example.org', 'DECLINED')]:
                event.add('attendee', address(email, CN=cn, PARTSTAT=status, ROLE='REQ-PARTICIPANT'))
            calendar.add_component(event)
            open(folder + '/review.ics', 'wb').write(calendar.to_ical())
            """)
        #expect(written.status == 0, "\(written.error)")
        let accepted = try run(
            """
            is.workflow.actions.getupcomingevents
            is.workflow.actions.properties.calendarevents WFContentItemPropertyName: "Attendees"
            is.workflow.actions.filter.eventattendees WFContentItemFilter: #conditions(all, [{Property: "Status", Operator: 4, Values: #record {String: "Accepted"}, Removable: true}, {Property: "Is Organizer", Operator: 4, Values: #record {Bool: false}, Removable: true}])
            is.workflow.actions.properties.eventattendees WFContentItemPropertyName: "Email Address"
            """)
        #expect(accepted.status == 0 && accepted.output == "grace@example.org\n", "\(accepted.output) \(accepted.error)")
        let moved = try run(
            """
            is.workflow.actions.getupcomingevents
            is.workflow.actions.setters.calendarevents WFContentItemPropertyName: "Start Date", WFCalendarEventContentItemStartDate: "2030-06-02 09:00"
            is.workflow.actions.setters.calendarevents WFContentItemPropertyName: "Location", WFCalendarEventContentItemLocation: "Room 4"
            """)
        #expect(moved.status == 0, "\(moved.error)")
        let read = try python(
            """
            import icalendar, sys
            event = icalendar.Calendar.from_ical(open(sys.argv[1] + '/Calendars/Calendar/review.ics', 'rb').read()).walk('VEVENT')[0]
            print(event.decoded('DTSTART').isoformat(), event.decoded('DTEND').isoformat(), event['LOCATION'], len(event.get('ATTENDEE')), event['SEQUENCE'])
            """)
        // 09:00 in Paris is 07:00 UTC; the event keeps its hour and a half and its attendees.
        #expect(read.output == "2030-06-02T07:00:00+00:00 2030-06-02T08:30:00+00:00 Room 4 3 2\n", "\(read.output) \(read.error)")

        let answers = try runner.write(Data("Water the plants\n".utf8), to: "answers.txt")
        let file = try runner.write(Data("is.workflow.actions.addquickreminder\n".utf8), to: "quick.sct")
        let quick = try runner.run(["run", file, "--answers", answers])
        #expect(quick.status == 0 && quick.output == "Water the plants\n", "\(quick.output) \(quick.error)")
    }
}
