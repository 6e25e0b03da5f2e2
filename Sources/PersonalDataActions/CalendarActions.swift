import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Calendar events over ``CalendarStore``: Add New Event, Get Upcoming Events, Find Calendar
/// Events, Get Details of Calendar Events, Remove Events, Add New Calendar and Open in Calendar.
enum CalendarActions {
    static let all: [ActionDefinition] = [
        addEvent, upcomingEvents, findEvents, eventDetails, editEvent, removeEvents, addCalendar, showInCalendar, filterAttendees,
        attendeeDetails,
    ]

    static let detailNames = [
        "Title", "Start Date", "End Date", "Is All Day", "Location", "Notes", "Calendar", "URL", "Attendees", "Has Alarms", "Duration",
    ]

    /// An event as content: a `Calendar Event` entity named by its UID.
    static func content(_ item: CalendarStore.Item, run: RunContext) -> Content {
        let zone = run.environment.timeZone
        let event = item.component
        let title = event.text("SUMMARY") ?? ""
        let start = event.first("DTSTART").flatMap { ICalendar.date($0, zone: zone) }
        var end = event.first("DTEND").flatMap { ICalendar.date($0, zone: zone) }?.date
        if end == nil, let start { end = start.allDay ? start.date.addingTimeInterval(86_400) : start.date }
        var properties: ContentDictionary = [
            "Title": .text(title), "Is All Day": .boolean(start?.allDay ?? false), "Location": .text(event.text("LOCATION") ?? ""),
            "Notes": .text(event.text("DESCRIPTION") ?? ""),
            "Calendar": .text(CalendarStore.displayName(item.collection, .events, run: run)),
            "URL": event.text("URL").map(Content.text) ?? .nothing,
            "Attendees": .list(event.properties.filter { $0.name == "ATTENDEE" }.map { attendee($0, organizer: event.first("ORGANIZER")) }),
            "Has Alarms": .boolean(event.components.contains { $0.name == "VALARM" }),
        ]
        if let start { properties["Start Date"] = .date(start.date) }
        if let end { properties["End Date"] = .date(end) }
        if let start, let end { properties["Duration"] = .number(end.timeIntervalSince(start.date)) }
        return .entity(
            EntityContent(
                typeName: "Calendar Event", identifier: item.uid, displayTitle: title.isEmpty ? "Untitled Event" : title,
                properties: properties))
    }

    /// An event as content, and again for each time it repeats (its `RRULE`, less its
    /// `EXDATE`s) up to `horizon`, or until `enough` of them start after a date: each occurrence
    /// keeps the event's length and its UID (an edit changes the whole series).
    static func occurrences(
        of item: CalendarStore.Item, through horizon: Date, enough: (after: Date, count: Int)? = nil, run: RunContext
    ) -> [Content] {
        let first = content(item, run: run)
        let zone = run.environment.timeZone
        guard let rule = item.component.text("RRULE").flatMap({ Recurrence($0, zone: zone) }),
            case .entity(let event) = first, let start = event.properties["Start Date"]?.date,
            let end = event.properties["End Date"]?.date
        else { return [first] }
        // Occurrences keep the start's clock time in the start's own zone: UTC for a time in
        // UTC, its TZID's, else the run's (RFC 5545).
        var calendar = run.environment.calendar
        calendar.timeZone = zone
        if let property = item.component.first("DTSTART") {
            if property.value.hasSuffix("Z") {
                calendar.timeZone = TimeZone(identifier: "UTC") ?? zone
            } else if let named = property.parameter("TZID").flatMap(TimeZone.init(identifier:)) {
                calendar.timeZone = named
            }
        }
        var excluded: Set<Date> = []
        for property in item.component.properties where property.name == "EXDATE" {
            for value in property.value.split(separator: ",") {
                var single = property
                single.value = String(value)
                if let date = ICalendar.date(single, zone: zone) { excluded.insert(date.date) }
            }
        }
        let length = end.timeIntervalSince(start)
        return rule.starts(from: start, through: horizon, excluding: excluded, calendar: calendar, enough: enough).map { occurrence in
            var repeated = event
            repeated.properties["Start Date"] = .date(occurrence)
            repeated.properties["End Date"] = .date(occurrence.addingTimeInterval(length))
            return .entity(repeated)
        }
    }

    static let attendeeNames = ["Name", "Email Address", "Role", "Status", "Is Organizer"]

    /// An `ATTENDEE` as an `Event Attendee` entity.
    static func attendee(_ property: ICalendar.Property, organizer: ICalendar.Property?) -> Content {
        let email = property.value.replacingOccurrences(of: "mailto:", with: "", options: .caseInsensitive)
        let name = property.parameter("CN") ?? email
        let role: String =
            switch property.parameter("ROLE")?.uppercased() {
            case "CHAIR": "Chair"
            case "OPT-PARTICIPANT": "Optional"
            case "NON-PARTICIPANT": "Non-Participant"
            default: "Required"
            }
        let status: String =
            switch property.parameter("PARTSTAT")?.uppercased() {
            case "ACCEPTED": "Accepted"
            case "DECLINED": "Declined"
            case "TENTATIVE": "Tentative"
            case "DELEGATED": "Delegated"
            default: "Pending"
            }
        let isOrganizer = organizer.map { $0.value.caseInsensitiveCompare(property.value) == .orderedSame } ?? false
        return .entity(
            EntityContent(
                typeName: "Event Attendee", identifier: property.value, displayTitle: name,
                properties: [
                    "Name": .text(name), "Email Address": .text(email), "Role": .text(role), "Status": .text(status),
                    "Is Organizer": .boolean(isOrganizer),
                ]))
    }

    static let filterAttendees = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.eventattendees", title: "Filter Event Attendees",
            description:
                "Keeps the event attendees that match the conditions on their name, email address, role or status, sorted and limited.",
            parameters: FileFilter.parameters(
                input: ParameterMetadata(
                    key: "WFContentItemInputParameter", title: "Event Attendees", type: .content, isRequired: true, isList: true),
                sortBy: ["Name", "Email Address", "Status", "Random"]),
            inputParameter: "WFContentItemInputParameter", outputType: "Event Attendee", outputName: "Event Attendees",
            keywords: ["invitees", "guests", "calendar"]),
        properties: FileFilter.Properties(kind: "event attendees", names: attendeeNames, value: { name, item in item.property(name) }))

    static let attendeeDetails = DetailActions.make(
        "is.workflow.actions.properties.eventattendees", title: "Get Details of Event Attendees", of: "Event Attendee",
        properties: attendeeNames,
        default: "Name")

    /// The details Edit Calendar Event sets, and the key each value comes in.
    static let editable: [String: String] = [
        "Title": "WFCalendarEventContentItemTitle", "Notes": "WFCalendarEventContentItemNotes",
        "Location": "WFCalendarEventContentItemLocation",
        "Start Date": "WFCalendarEventContentItemStartDate", "End Date": "WFCalendarEventContentItemEndDate",
        "Is All Day": "WFCalendarEventContentItemIsAllDay", "URL": "WFCalendarEventContentItemURL",
        "Duration": "WFCalendarEventContentItemDuration",
    ]

    static let editEvent = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.setters.calendarevents", title: "Edit Calendar Event",
            description:
                "Sets a detail of each event: its title, notes, location, start or end date, duration, whether it lasts all day, or URL.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Calendar Event", type: .content, isRequired: true, isList: true),
                ParameterMetadata(key: "WFContentItemPropertyName", title: "Detail", type: .enumeration, options: editable.keys.sorted()),
            ] + editable.values.sorted().map { ParameterMetadata(key: $0, title: "Value", type: .content) },
            inputParameter: "WFInput", outputType: "Calendar Event", outputName: "Updated Event", isReadOnly: false,
            keywords: ["reschedule", "move", "change", "update"])
    ) { parameters in
        { input, run in
            let detail = try run.text(parameters["WFContentItemPropertyName"]) ?? ""
            guard let name = editable.keys.first(where: { $0.caseInsensitiveCompare(detail) == .orderedSame }), let key = editable[name]
            else {
                throw ActionFailure(
                    "“\(detail.prefix(40))” can't be edited; an event's editable details are \(editable.keys.sorted().joined(separator: ", "))",
                    parameter: "WFContentItemPropertyName")
            }
            let value = try run.content(parameters[key])
            let zone = run.environment.timeZone
            var edited: [Content] = []
            for var item in try CalendarStore.items(of: input, .events, parameter: "WFInput", run: run) {
                let current = content(item, run: run)
                let start = current.property("Start Date").date ?? run.environment.now()
                let end = current.property("End Date").date ?? start
                let allDay = current.property("Is All Day").boolean ?? false
                func setDates(_ start: Date, _ end: Date, allDay: Bool) throws {
                    guard end >= start else { throw ActionFailure("the event would end before it starts", parameter: key) }
                    if allDay {
                        item.component.set("DTSTART", ICalendar.day(start, zone: zone), parameters: [("VALUE", "DATE")])
                        item.component.set(
                            "DTEND", ICalendar.day(max(end, start.addingTimeInterval(86_400)), zone: zone), parameters: [("VALUE", "DATE")])
                    } else {
                        item.component.set("DTSTART", ICalendar.utc(start))
                        item.component.set("DTEND", ICalendar.utc(end))
                    }
                }
                switch name {
                case "Title": item.component.setText("SUMMARY", value.text)
                case "Notes": item.component.setText("DESCRIPTION", value.text.isEmpty ? nil : value.text)
                case "Location": item.component.setText("LOCATION", value.text.isEmpty ? nil : value.text)
                case "URL": item.component.set("URL", value.text.isEmpty ? nil : value.text)
                case "Is All Day": try setDates(start, end, allDay: value.boolean ?? true)
                case "Duration":
                    guard let seconds = value.number, seconds >= 0 else {
                        throw ActionFailure("expected a duration in seconds", parameter: key)
                    }
                    try setDates(start, start.addingTimeInterval(seconds), allDay: allDay)
                case "Start Date":
                    // Moving the start keeps the event's length, as Calendar does.
                    let moved = try DateParameters.date(of: value, parameter: key, run: run)
                    try setDates(moved, moved.addingTimeInterval(end.timeIntervalSince(start)), allDay: allDay)
                default: try setDates(start, try DateParameters.date(of: value, parameter: key, run: run), allDay: allDay)
                }
                item.component.set("LAST-MODIFIED", ICalendar.utc(run.environment.now()))
                let sequence = (Int(item.component.text("SEQUENCE") ?? "") ?? 0) + 1
                item.component.set("SEQUENCE", String(sequence))
                try CalendarStore.write(item)
                edited.append(content(item, run: run))
            }
            return Content(items: edited)
        }
    }

    /// `WFAlertTime`: how long before the start the alarm rings.
    static let alertOffsets: [String: TimeInterval] = [
        "At time of event": 0, "5 minutes before": 300, "10 minutes before": 600, "15 minutes before": 900, "30 minutes before": 1800,
        "1 hour before": 3600, "2 hours before": 7200, "1 day before": 86_400, "2 days before": 172_800, "1 week before": 604_800,
    ]

    /// The collection a parameter names (a title or a picked calendar), made when it is the default.
    static func collection(_ expression: ParameterExpression, _ kind: CalendarStore.Kind, parameter: String, run: RunContext) throws
        -> String
    {
        let given = try run.content(expression)
        guard let folder = CalendarStore.collection(named: given, kind, run: run) else {
            let known = CalendarStore.collections(kind, run: run).map { CalendarStore.displayName($0, kind, run: run) }
            throw ActionFailure(
                "there is no \(kind.noun) named “\(given.text.prefix(60))”"
                    + (known.isEmpty ? "" : "; there are \(known.joined(separator: ", "))"),
                parameter: parameter)
        }
        return folder
    }

    static let addEvent = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.addnewevent", title: "Add New Event",
            description: "Adds an event to a calendar (an iCalendar file in $SHORTCUTS_HOME/Calendars/<calendar>).",
            parameters: [
                ParameterMetadata(key: "WFCalendarItemTitle", title: "Title", type: .text, defaultValue: "New Event"),
                ParameterMetadata(key: "WFCalendarItemLocation", title: "Location", type: .text),
                ParameterMetadata(key: "WFCalendarDescriptor", title: "Calendar", type: .content),
                ParameterMetadata(key: "WFCalendarItemStartDate", title: "Start Date", type: .date),
                ParameterMetadata(key: "WFCalendarItemEndDate", title: "End Date", type: .date),
                ParameterMetadata(key: "WFCalendarItemAllDay", title: "All Day", type: .boolean, defaultValue: "false"),
                ParameterMetadata(
                    key: "WFAlertTime", title: "Alert", type: .enumeration, options: ["None"] + alertOffsets.keys.sorted() + ["Custom"]),
                ParameterMetadata(key: "WFAlertCustomTime", title: "Alert Time", type: .date),
                ParameterMetadata(key: "WFCalendarItemNotes", title: "Notes", type: .text),
            ],
            outputType: "Calendar Event", outputName: "New Event", isReadOnly: false,
            keywords: ["calendar", "appointment", "meeting", "ics"])
    ) { parameters in
        { _, run in
            let collection = try collection(
                parameters["WFCalendarDescriptor"].isAbsent ? parameters["WFCalendarItemCalendar"] : parameters["WFCalendarDescriptor"],
                .events,
                parameter: "WFCalendarDescriptor", run: run)
            let zone = run.environment.timeZone
            let now = run.environment.now()
            let start =
                parameters["WFCalendarItemStartDate"].isAbsent
                ? now : try DateParameters.date(parameters["WFCalendarItemStartDate"], parameter: "WFCalendarItemStartDate", run: run)
            let end =
                parameters["WFCalendarItemEndDate"].isAbsent
                ? start.addingTimeInterval(3600)
                : try DateParameters.date(parameters["WFCalendarItemEndDate"], parameter: "WFCalendarItemEndDate", run: run)
            let allDay = try run.bool(parameters["WFCalendarItemAllDay"]) ?? false
            guard end >= start else { throw ActionFailure("the event would end before it starts", parameter: "WFCalendarItemEndDate") }
            var event = ICalendar.Component(name: "VEVENT")
            event.set("UID", UUID().uuidString)
            event.set("DTSTAMP", ICalendar.utc(now))
            if allDay {
                event.set("DTSTART", ICalendar.day(start, zone: zone), parameters: [("VALUE", "DATE")])
                var calendar = run.environment.calendar
                calendar.timeZone = zone
                let lastDay = calendar.startOfDay(for: end)
                event.set("DTEND", ICalendar.day(lastDay.addingTimeInterval(86_400 + 3600), zone: zone), parameters: [("VALUE", "DATE")])
            } else {
                event.set("DTSTART", ICalendar.utc(start))
                event.set("DTEND", ICalendar.utc(end))
            }
            let title = try run.text(parameters["WFCalendarItemTitle"]) ?? "New Event"
            event.setText("SUMMARY", title.isEmpty ? "New Event" : title)
            if let location = try run.text(parameters["WFCalendarItemLocation"]), !location.isEmpty { event.setText("LOCATION", location) }
            if let notes = try run.text(parameters["WFCalendarItemNotes"]), !notes.isEmpty { event.setText("DESCRIPTION", notes) }
            if let alert = try run.text(parameters["WFAlertTime"]), alert != "None" {
                var alarm = ICalendar.Component(name: "VALARM")
                alarm.set("ACTION", "DISPLAY")
                alarm.setText("DESCRIPTION", title)
                if let offset = alertOffsets[alert] {
                    alarm.set("TRIGGER", offset == 0 ? "PT0S" : "-PT\(Int(offset / 60))M")
                } else if alert == "Custom" {
                    let time = try DateParameters.date(parameters["WFAlertCustomTime"], parameter: "WFAlertCustomTime", run: run)
                    alarm.set("TRIGGER", ICalendar.utc(time), parameters: [("VALUE", "DATE-TIME")])
                } else {
                    throw ActionFailure(
                        "“\(alert)” is not an alert time; use one of \(alertOffsets.keys.sorted().joined(separator: ", ")) or Custom",
                        parameter: "WFAlertTime")
                }
                event.components.append(alarm)
            }
            return content(try CalendarStore.add(event, to: collection, .events, run: run), run: run)
        }
    }

    /// `WFDateSpecifier`.
    enum DaySpecifier: String, ParameterOption {
        case anyDay = "Any Day", today = "Today", tomorrow = "Tomorrow", specifiedDay = "Specified Day"
    }

    static let upcomingEvents = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getupcomingevents", title: "Get Upcoming Events",
            description: "Gets the events that haven't ended yet, nearest first, from one calendar or all.",
            parameters: [
                ParameterMetadata(key: "WFGetUpcomingItemCount", title: "Count", type: .integer, defaultValue: "1", minimum: 1),
                ParameterMetadata(key: "WFGetUpcomingItemCalendar", title: "Calendar", type: .content),
                .option("WFDateSpecifier", title: "Day", default: DaySpecifier.anyDay),
                ParameterMetadata(key: "WFSpecifiedDate", title: "Specified Day", type: .date),
            ],
            outputType: "Calendar Event", outputName: "Upcoming Events", keywords: ["calendar", "agenda", "next", "today"])
    ) { parameters in
        let day = OptionParameter(parameters, "WFDateSpecifier", default: DaySpecifier.anyDay)
        return { _, run in
            let count = try run.wholeNumber(
                parameters["WFGetUpcomingItemCount"], parameter: "WFGetUpcomingItemCount", in: 1...CalendarStore.mostItems, default: 1,
                what: "events")
            let only =
                parameters["WFGetUpcomingItemCalendar"].isAbsent
                ? nil : try collection(parameters["WFGetUpcomingItemCalendar"], .events, parameter: "WFGetUpcomingItemCalendar", run: run)
            let now = run.environment.now()
            var calendar = run.environment.calendar
            calendar.timeZone = run.environment.timeZone
            var window: (Date, Date)?
            switch try day.value(in: run) {
            case .anyDay: window = nil
            case .today: window = (calendar.startOfDay(for: now), calendar.startOfDay(for: now).addingTimeInterval(86_400))
            case .tomorrow:
                let start = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? now
                window = (start, calendar.date(byAdding: .day, value: 1, to: start) ?? start)
            case .specifiedDay:
                let date = try DateParameters.date(parameters["WFSpecifiedDate"], parameter: "WFSpecifiedDate", run: run)
                let start = calendar.startOfDay(for: date)
                window = (start, calendar.date(byAdding: .day, value: 1, to: start) ?? start)
            }
            let events = try CalendarStore.items(.events, in: only, run: run).flatMap {
                occurrences(of: $0, through: window?.1 ?? .distantFuture, enough: (now, count), run: run)
            }.filter { event in
                guard let start = event.property("Start Date").date, let end = event.property("End Date").date else { return false }
                guard end > now || (end == start && start >= now) else { return false }
                if let (from, to) = window { return start < to && end > from }
                return true
            }
            let sorted = events.sorted {
                ($0.property("Start Date").date ?? .distantFuture) < ($1.property("Start Date").date ?? .distantFuture)
            }
            return .list(Array(sorted.prefix(count)))
        }
    }

    static let eventProperties = FileFilter.Properties(
        kind: "calendar events", names: detailNames, value: { name, item in item.property(name) })

    static let findEvents = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.calendarevents", title: "Find Calendar Events",
            description: "Finds the events of every calendar that match the conditions, sorted and limited.",
            parameters: FileFilter.parameters(input: nil, sortBy: ["Title", "Start Date", "End Date", "Location", "Calendar", "Random"]),
            outputType: "Calendar Event", outputName: "Calendar Events", keywords: ["calendar", "search", "events"]),
        properties: eventProperties,
        source: { run in .list(try CalendarStore.items(.events, run: run).map { content($0, run: run) }) })

    static let eventDetails = DetailActions.make(
        "is.workflow.actions.properties.calendarevents", title: "Get Details of Calendar Events", of: "Calendar Event",
        properties: detailNames,
        default: "Start Date")

    static let removeEvents = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.removeevents", title: "Remove Events",
            description: "Removes the events from their calendars; their files go to the calendars' Recently Deleted folder.",
            parameters: [
                ParameterMetadata(key: "WFInputEvents", title: "Events", type: .content, isRequired: true, isList: true),
                ParameterMetadata(
                    key: "WFCalendarIncludeFutureEvents", title: "Include Future Events", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFInputEvents", isReadOnly: false, keywords: ["delete", "calendar"])
    ) { _ in
        { input, run in
            for item in try CalendarStore.items(of: input, .events, parameter: "WFInputEvents", run: run) {
                try CalendarStore.remove(item, .events, run: run)
            }
            return .nothing
        }
    }

    static let addCalendar = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.addnewcalendar", title: "Add New Calendar",
            description: "Makes a calendar: a folder in $SHORTCUTS_HOME/Calendars.",
            parameters: [ParameterMetadata(key: "CalendarName", title: "Calendar Name", type: .text, isRequired: true)],
            outputType: "Text", outputName: "Calendar", isReadOnly: false, keywords: ["calendar", "new"])
    ) { parameters in
        let name = parameters["CalendarName"]
        return { input, run in
            let given = (try run.text(name) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !given.isEmpty else { throw ActionFailure("the calendar needs a name", parameter: "CalendarName") }
            let folder = CalendarStore.root(.events, run: run) + "/" + CalendarStore.folderName(given)
            guard !FileManager.default.fileExists(atPath: folder) else {
                throw ActionFailure("there is already a calendar named “\(given)”", parameter: "CalendarName")
            }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try StoreFiles.write(Data((given + "\n").utf8), to: folder + "/displayname")
            } catch {
                throw ActionFailure("can't make the calendar folder \(folder): \(error.localizedDescription)", parameter: "CalendarName")
            }
            return .text(given)
        }
    }

    static let showInCalendar = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.showincalendar", title: "Open in Calendar",
            description: "Opens the event's iCalendar file with the desktop's calendar app.",
            parameters: [ParameterMetadata(key: "WFEvent", title: "Event", type: .content, isRequired: true)],
            inputParameter: "WFEvent", isReadOnly: false, keywords: ["calendar", "show"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            for item in try CalendarStore.items(of: input, .events, parameter: "WFEvent", run: run) {
                try run.environment.openURL(URL(fileURLWithPath: item.path))
            }
            return input
        }
    }
}
