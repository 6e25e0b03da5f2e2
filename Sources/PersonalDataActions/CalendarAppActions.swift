import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The Calendar app's own actions (its App Intents), on the same vdir folders as Add New Event.
///
/// Apple ships each twice, as `com.apple.mobilecal.*` (iOS) and `com.apple.iCal.*` (macOS), with
/// the same parameter keys (iOS 26's action database); both identifiers run the same action here.
/// What iCalendar has no property for is kept as other calendar programs keep it: travel time as
/// Apple's `X-APPLE-TRAVEL-DURATION`, tentative and away as Outlook's `X-MICROSOFT-CDO-BUSYSTATUS`.
enum CalendarAppActions {
    static let app = "Calendar"
    static let calendarType = "Calendar"

    /// One action, named by the end of its identifier, with the title each platform gives it.
    struct Shared {
        var name: String
        var titles: (mobile: String, mac: String)
        var definition: ActionDefinition
    }

    static var all: [ActionDefinition] {
        let shared = [
            createCalendar, createEvent, editEvent, deleteEvents, deleteCalendars, emailAttendees, emailOrganizer, joinEvent, respond,
        ]
        return [("com.apple.mobilecal.", true), ("com.apple.iCal.", false)].flatMap { prefix, isMobile in
            shared.map { action in
                var definition = action.definition
                definition.metadata.identifier = prefix + action.name
                definition.metadata.title = isMobile ? action.titles.mobile : action.titles.mac
                definition.metadata.app = app
                return definition
            }
        }
    }

    // MARK: Calendars and events as parameters

    static func calendar(_ folder: String, run: RunContext) -> Content {
        let name = CalendarStore.displayName(folder, .events, run: run)
        return .entity(EntityContent(typeName: calendarType, identifier: folder, displayTitle: name, properties: ["Name": .text(name)]))
    }

    /// The calendar a parameter names (a calendar from an earlier action, or its name), or the first when it is empty.
    static func calendarFolder(_ given: Content, parameter: String, run: RunContext, allowingNone: Bool = true) throws -> String {
        try CalendarStore.collection(given, entityType: calendarType, .events, parameter: parameter, run: run, allowingNone: allowingNone)
    }

    /// The events a parameter names (events from earlier actions, or titles), each with the start
    /// of the occurrence it was when it came from an earlier action.
    static func events(_ given: Content, parameter: String, run: RunContext) throws -> [(item: CalendarStore.Item, occurrence: Date?)] {
        var found: [(CalendarStore.Item, Date?)] = []
        for item in given.items {
            if case .entity(let entity) = item, entity.typeName == "Calendar Event" {
                guard let event = try CalendarStore.item(uid: entity.identifier, .events, run: run) else {
                    throw ActionFailure("the event “\(entity.displayTitle.prefix(60))” is no longer in the calendars", parameter: parameter)
                }
                found.append((event, entity.properties["Start Date"]?.date))
                continue
            }
            let title = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let matches = try CalendarStore.items(.events, run: run).filter {
                ($0.component.text("SUMMARY") ?? "").caseInsensitiveCompare(title) == .orderedSame
            }
            guard !matches.isEmpty else { throw ActionFailure("no event is called “\(title.prefix(60))”", parameter: parameter) }
            found += matches.map { ($0, nil) }
        }
        guard !found.isEmpty else { throw ActionFailure("no event was given", parameter: parameter) }
        return found
    }

    // MARK: Details both Create Event and Edit Event set

    /// `privacyLevel` → `CLASS`.
    static let privacyLevels = ["public": "PUBLIC", "private": "PRIVATE", "confidential": "CONFIDENTIAL"]
    /// `availability` → `TRANSP`, and Outlook's busy status for the two iCalendar lacks.
    static let availabilities: [String: (transparency: String, busyStatus: String?)] = [
        "busy": ("OPAQUE", nil), "free": ("TRANSPARENT", nil), "tentative": ("OPAQUE", "TENTATIVE"), "unavailable": ("OPAQUE", "OOF"),
    ]
    /// `status` → `STATUS`.
    static let statuses = ["confirmed": "CONFIRMED", "tentative": "TENTATIVE", "canceled": "CANCELLED", "cancelled": "CANCELLED"]

    static func choice<Value>(_ text: String, in table: [String: Value], parameter: String) throws -> Value {
        let key = text.lowercased().replacingOccurrences(of: " ", with: "")
        guard let value = table[key] else {
            throw ActionFailure("“\(text.prefix(40))” is not one of \(table.keys.sorted().joined(separator: ", "))", parameter: parameter)
        }
        return value
    }

    /// A recurrence as Calendar's editor names it (`weekly`), or an iCalendar rule (`FREQ=WEEKLY;BYDAY=MO`).
    static func rule(_ text: String, parameter: String, run: RunContext) throws -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.lowercased() == "never" || trimmed.lowercased() == "none" { return nil }
        let simple = ["daily": "FREQ=DAILY", "weekly": "FREQ=WEEKLY", "monthly": "FREQ=MONTHLY", "yearly": "FREQ=YEARLY"]
        let rule =
            simple[trimmed.lowercased()] ?? (trimmed.uppercased().hasPrefix("RRULE:") ? String(trimmed.dropFirst("RRULE:".count)) : trimmed)
        guard Recurrence(rule, zone: run.environment.timeZone) != nil else {
            throw ActionFailure(
                "“\(trimmed.prefix(60))” is not a recurrence: use Daily, Weekly, Monthly, Yearly or an iCalendar rule such as FREQ=WEEKLY;BYDAY=MO",
                parameter: parameter)
        }
        return rule
    }

    /// An alarm from a date (it rings then), a number of seconds before the start, or Add New Event's words (`15 minutes before`).
    static func alarm(_ value: Content, title: String, parameter: String, run: RunContext) throws -> ICalendar.Component {
        var alarm = ICalendar.Component(name: "VALARM")
        alarm.set("ACTION", "DISPLAY")
        alarm.setText("DESCRIPTION", title)
        let text = value.text.trimmingCharacters(in: .whitespacesAndNewlines)
        var seconds: Double?
        if case .number(let number) = value { seconds = number }
        if let offset = CalendarActions.alertOffsets.first(where: { $0.key.caseInsensitiveCompare(text) == .orderedSame })?.value ?? seconds
        {
            guard offset.isFinite, abs(offset) <= 366 * 86_400 else {
                throw ActionFailure("an alarm can't be more than a year before the event", parameter: parameter)
            }
            alarm.set("TRIGGER", offset == 0 ? "PT0S" : "-PT\(Int(abs(offset)))S")
        } else {
            alarm.set(
                "TRIGGER", ICalendar.utc(try DateParameters.date(of: value, parameter: parameter, run: run)),
                parameters: [("VALUE", "DATE-TIME")])
        }
        return alarm
    }

    /// An attendee's address: an email address in the item, or a contact's or attendee's `Email Address`.
    static func attendee(_ item: Content, parameter: String) throws -> ICalendar.Property {
        let fields = item.dictionary ?? [:]
        let name = (fields["Name"] ?? fields["Title"])?.text
        let text = (fields["Email Address"] ?? fields["Email"])?.text ?? item.text
        guard let address = TextScanner.emailAddresses(in: text).first else {
            throw ActionFailure("“\(item.text.prefix(60))” has no email address to invite", parameter: parameter)
        }
        var parameters = [("ROLE", "REQ-PARTICIPANT"), ("PARTSTAT", "NEEDS-ACTION"), ("RSVP", "TRUE")]
        if let name, !name.isEmpty, name != address { parameters.insert(("CN", name), at: 0) }
        return ICalendar.Property("ATTENDEE", "mailto:" + address, parameters: parameters)
    }

    /// Sets the details present among `parameters` on an event.
    static func applyDetails(_ parameters: CompiledParameters, to event: inout ICalendar.Component, run: RunContext) throws {
        func given(_ keys: String...) -> (key: String, value: ParameterExpression)? {
            keys.lazy.map { ($0, parameters[$0]) }.first { !$0.1.isAbsent }
        }
        if let (key, value) = given("location") {
            let place = try run.content(value)
            event.setText("LOCATION", place.isNothing ? nil : (place.dictionary?["Name"] ?? place).text)
            _ = key
        }
        if let (_, value) = given("note", "notes") {
            let notes = try run.text(value) ?? ""
            event.setText("DESCRIPTION", notes.isEmpty ? nil : notes)
        }
        if let (_, value) = given("url") {
            let link = try run.text(value) ?? ""
            event.set("URL", link.isEmpty ? nil : link)
        }
        if let (key, value) = given("privacyLevel") {
            event.set("CLASS", try choice(try run.text(value) ?? "", in: privacyLevels, parameter: key))
        }
        if let (key, value) = given("availability") {
            let chosen = try choice(try run.text(value) ?? "", in: availabilities, parameter: key)
            event.set("TRANSP", chosen.transparency)
            event.set("X-MICROSOFT-CDO-BUSYSTATUS", chosen.busyStatus)
        }
        if let (key, value) = given("status") {
            event.set("STATUS", try choice(try run.text(value) ?? "", in: statuses, parameter: key))
        }
        if let (key, value) = given("travelTime") {
            let content = try run.content(value)
            guard let seconds = content.number, seconds >= 0, seconds < 86_400 * 7 else {
                throw ActionFailure("expected a travel time in seconds, got \(content.quotedForError)", parameter: key)
            }
            event.set("X-APPLE-TRAVEL-DURATION", seconds == 0 ? nil : "PT\(Int(seconds / 60))M", parameters: [("VALUE", "DURATION")])
        }
        if let (key, value) = given("recurrence", "recurrenceRule") {
            event.set("RRULE", try rule(try run.text(value) ?? "", parameter: key, run: run))
        }
        if let (key, value) = given("alarms", "alarm") {
            let title = event.text("SUMMARY") ?? "Event"
            event.components.removeAll { $0.name == "VALARM" }
            for item in try run.content(value).items { event.components.append(try alarm(item, title: title, parameter: key, run: run)) }
        }
        if let (key, value) = given("attendees") {
            event.properties.removeAll { $0.name == "ATTENDEE" }
            event.properties += try run.content(value).items.map { try attendee($0, parameter: key) }
        }
    }

    static func setDates(_ start: Date, _ end: Date, allDay: Bool, on event: inout ICalendar.Component, parameter: String, run: RunContext)
        throws
    {
        guard end >= start else { throw ActionFailure("the event would end before it starts", parameter: parameter) }
        let zone = run.environment.timeZone
        if allDay {
            var calendar = run.environment.calendar
            calendar.timeZone = zone
            let first = calendar.startOfDay(for: start)
            let last = max(calendar.startOfDay(for: end), first)
            event.set("DTSTART", ICalendar.day(first, zone: zone), parameters: [("VALUE", "DATE")])
            event.set("DTEND", ICalendar.day(last.addingTimeInterval(86_400 + 3600), zone: zone), parameters: [("VALUE", "DATE")])
        } else {
            event.set("DTSTART", ICalendar.utc(start))
            event.set("DTEND", ICalendar.utc(end))
        }
    }

    static func openIfAsked(_ parameters: CompiledParameters, _ item: CalendarStore.Item, run: RunContext) throws {
        if try run.bool(parameters["OpenWhenRun"]) == true { try run.environment.openURL(URL(fileURLWithPath: item.path)) }
    }

    static func dateParameter(_ parameters: CompiledParameters, _ key: String, run: RunContext) throws -> Date? {
        parameters[key].isAbsent ? nil : try DateParameters.date(parameters[key], parameter: key, run: run)
    }

    // MARK: Actions

    static let eventParameters: [ParameterMetadata] = [
        ParameterMetadata(key: "location", title: "Location", type: .text),
        ParameterMetadata(key: "note", title: "Notes", type: .text),
        ParameterMetadata(key: "alarms", title: "Alarms", type: .content, isList: true),
        ParameterMetadata(key: "attendees", title: "Attendees", type: .content, isList: true),
        ParameterMetadata(
            key: "privacyLevel", title: "Privacy Level", type: .enumeration, options: ["Public", "Private", "Confidential"]),
        ParameterMetadata(
            key: "availability", title: "Availability", type: .enumeration, options: ["Busy", "Free", "Tentative", "Unavailable"]),
        ParameterMetadata(key: "travelTime", title: "Travel Time", type: .duration),
        ParameterMetadata(key: "url", title: "URL", type: .url),
        ParameterMetadata(key: "OpenWhenRun", title: "Open When Run", type: .boolean, defaultValue: "false"),
    ]

    static let createCalendar = Shared(
        name: "CreateCalendarIntent", titles: ("Create Calendar", "Create Calendar"),
        definition: ActionDefinition(
            metadata: ActionMetadata(
                identifier: "CreateCalendarIntent", title: "Create Calendar",
                description:
                    "Creates a calendar: a folder under $SHORTCUTS_HOME/Calendars with the name in its displayname file. The account is the folder tree itself (vdirsyncer syncs it).",
                parameters: [
                    ParameterMetadata(key: "name", title: "Name", type: .text, isRequired: true),
                    ParameterMetadata(key: "source", title: "Account", type: .content),
                    ParameterMetadata(key: "OpenWhenRun", title: "Open When Run", type: .boolean, defaultValue: "false"),
                ],
                inputParameter: "name", outputType: calendarType, outputName: "Calendar", isReadOnly: false, keywords: ["new calendar"])
        ) { parameters in
            { input, run in
                let name = (try run.text(parameters["name"]) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
                guard !name.isEmpty else { throw ActionFailure("the calendar needs a name", parameter: "name") }
                let root = CalendarStore.root(.events, run: run)
                let folder = CalendarStore.folderName(name)
                guard !FileManager.default.fileExists(atPath: root + "/" + folder) else {
                    throw ActionFailure("there is already a calendar named “\(name)”", parameter: "name")
                }
                do {
                    try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
                    try StoreFiles.write(Data((name + "\n").utf8), to: root + "/" + folder + "/displayname")
                } catch {
                    throw ActionFailure("can't make the calendar folder \(root)/\(folder): \(error)", parameter: "name")
                }
                if try run.bool(parameters["OpenWhenRun"]) == true {
                    try run.environment.openURL(URL(fileURLWithPath: root + "/" + folder, isDirectory: true))
                }
                return calendar(folder, run: run)
            }
        })

    static let createEvent = Shared(
        name: "CreateEventIntent", titles: ("Create Event", "Create Event"),
        definition: ActionDefinition(
            metadata: ActionMetadata(
                identifier: "CreateEventIntent", title: "Create Event",
                description:
                    "Creates an event (an iCalendar file in $SHORTCUTS_HOME/Calendars/<calendar>) with its dates, repetition, place, notes, alarms, attendees, privacy, availability, travel time and URL.",
                parameters: [
                    ParameterMetadata(key: "title", title: "Title", type: .text, isRequired: true),
                    ParameterMetadata(key: "startDate", title: "Start Date", type: .date),
                    ParameterMetadata(key: "endDate", title: "End Date", type: .date),
                    ParameterMetadata(key: "isAllDay", title: "All Day", type: .boolean, defaultValue: "false"),
                    ParameterMetadata(key: "recurrence", title: "Recurrence Rule", type: .text),
                    ParameterMetadata(key: "calendar", title: "Calendar", type: .content),
                ] + eventParameters,
                inputParameter: "title", outputType: "Calendar Event", outputName: "Event", isReadOnly: false,
                keywords: ["appointment", "meeting", "new event"])
        ) { parameters in
            { input, run in
                let title = (try run.text(parameters["title"]) ?? input.text).trimmingCharacters(in: .whitespacesAndNewlines)
                let folder = try calendarFolder(try run.content(parameters["calendar"]), parameter: "calendar", run: run)
                let now = run.environment.now()
                let start = try dateParameter(parameters, "startDate", run: run) ?? now
                let end = try dateParameter(parameters, "endDate", run: run) ?? start.addingTimeInterval(3600)
                var event = ICalendar.Component(name: "VEVENT")
                event.set("UID", UUID().uuidString)
                event.set("DTSTAMP", ICalendar.utc(now))
                event.set("CREATED", ICalendar.utc(now))
                event.setText("SUMMARY", title.isEmpty ? "New Event" : title)
                let allDay = try run.bool(parameters["isAllDay"].isAbsent ? parameters["allDay"] : parameters["isAllDay"]) ?? false
                try setDates(start, end, allDay: allDay, on: &event, parameter: "endDate", run: run)
                try applyDetails(parameters, to: &event, run: run)
                let item = try CalendarStore.add(event, to: folder, .events, run: run)
                try openIfAsked(parameters, item, run: run)
                return CalendarActions.content(item, run: run)
            }
        })

    static let editEvent = Shared(
        name: "EditEventIntent", titles: ("Edit Event", "Edit Event"),
        definition: ActionDefinition(
            metadata: ActionMetadata(
                identifier: "EditEventIntent", title: "Edit Event",
                description:
                    "Changes the details given of an event, leaving the others; a new start keeps the event's length, a new calendar moves its file. A repeating event changes as a whole.",
                parameters: [
                    ParameterMetadata(key: "event", title: "Event", type: .content, isRequired: true),
                    ParameterMetadata(key: "title", title: "Title", type: .text),
                    ParameterMetadata(key: "startDate", title: "Start Date", type: .date),
                    ParameterMetadata(key: "endDate", title: "End Date", type: .date),
                    ParameterMetadata(key: "isAllDay", title: "Is All Day", type: .boolean),
                    ParameterMetadata(key: "calendar", title: "Calendar", type: .content),
                    ParameterMetadata(key: "status", title: "Status", type: .enumeration, options: ["Confirmed", "Tentative", "Canceled"]),
                    ParameterMetadata(key: "recurrence", title: "Recurrence Rule", type: .text),
                    ParameterMetadata(
                        key: "span", title: "Span", type: .enumeration, options: ["This Event", "Future Events"], defaultValue: "This Event"
                    ),
                ] + eventParameters,
                inputParameter: "event", outputType: "Calendar Event", outputName: "Event", isReadOnly: false,
                keywords: ["reschedule", "change", "update"])
        ) { parameters in
            { input, run in
                let given = parameters["event"].isAbsent ? input : try run.content(parameters["event"])
                var edited: [Content] = []
                for (found, _) in try events(given, parameter: "event", run: run) {
                    var item = found
                    let current = CalendarActions.content(item, run: run)
                    if !parameters["title"].isAbsent { item.component.setText("SUMMARY", try run.text(parameters["title"]) ?? "") }
                    let start = current.property("Start Date").date ?? run.environment.now()
                    // An all-day event's end is the day after its last (DTEND is exclusive); setDates takes the last day.
                    let wasAllDay = current.property("Is All Day").boolean ?? false
                    let end = (current.property("End Date").date ?? start).addingTimeInterval(wasAllDay ? -86_400 : 0)
                    let newStart = try dateParameter(parameters, "startDate", run: run)
                    let newEnd = try dateParameter(parameters, "endDate", run: run)
                    let allDay = parameters["isAllDay"].isAbsent ? nil : try run.bool(parameters["isAllDay"])
                    if newStart != nil || newEnd != nil || allDay != nil {
                        let from = newStart ?? start
                        let to = newEnd ?? from.addingTimeInterval(end.timeIntervalSince(start))
                        try setDates(
                            from, to, allDay: allDay ?? current.property("Is All Day").boolean ?? false, on: &item.component,
                            parameter: newEnd == nil ? "startDate" : "endDate", run: run)
                    }
                    try applyDetails(parameters, to: &item.component, run: run)
                    item.component.set("LAST-MODIFIED", ICalendar.utc(run.environment.now()))
                    item.component.set("SEQUENCE", String((Int(item.component.text("SEQUENCE") ?? "") ?? 0) &+ 1))
                    let target =
                        parameters["calendar"].isAbsent
                        ? item.collection : try calendarFolder(try run.content(parameters["calendar"]), parameter: "calendar", run: run)
                    if target != item.collection {
                        item = try CalendarStore.move(item, to: target, .events, run: run)
                    } else {
                        try CalendarStore.write(item)
                    }
                    try openIfAsked(parameters, item, run: run)
                    edited.append(CalendarActions.content(item, run: run))
                }
                return Content(items: edited)
            }
        })

    static let deleteEvents = Shared(
        name: "DeleteEventIntent", titles: ("Delete Events", "Delete Event"),
        definition: ActionDefinition(
            metadata: ActionMetadata(
                identifier: "DeleteEventIntent", title: "Delete Events",
                description:
                    "Deletes events; their files go to the calendars' Recently Deleted folder. Of a repeating event, This Event removes the one occurrence (an EXDATE) and Future Events ends the series before it.",
                parameters: [
                    ParameterMetadata(key: "entity", title: "Events", type: .content, isRequired: true, isList: true),
                    ParameterMetadata(
                        key: "span", title: "Span", type: .enumeration, options: ["This Event", "Future Events"], defaultValue: "This Event"
                    ),
                ],
                inputParameter: "entity", isReadOnly: false, keywords: ["remove", "cancel"])
        ) { parameters in
            { input, run in
                let expression = ["entity", "entities"].lazy.map { parameters[$0] }.first { !$0.isAbsent }
                let given = try expression.map { try run.content($0) } ?? input
                let span = (try run.text(parameters["span"]) ?? "").lowercased().replacingOccurrences(of: " ", with: "")
                guard ["", "thisevent", "futureevents"].contains(span) else {
                    throw ActionFailure("“\(span.prefix(40))” is not a span; use This Event or Future Events", parameter: "span")
                }
                var removed = Set<String>()
                for (found, occurrence) in try events(given, parameter: "entity", run: run) where !removed.contains(found.path) {
                    // Read again: an earlier occurrence of the same series may have changed the file.
                    guard var item = CalendarStore.item(at: found.path, in: found.collection, .events) else { continue }
                    let first = item.component.first("DTSTART").flatMap { ICalendar.date($0, zone: run.environment.timeZone) }
                    guard item.component.first("RRULE") != nil, let occurrence, let first else {
                        try CalendarStore.remove(item, .events, run: run)
                        removed.insert(item.path)
                        continue
                    }
                    if span == "futureevents" {
                        guard occurrence > first.date else {
                            try CalendarStore.remove(item, .events, run: run)
                            removed.insert(item.path)
                            continue
                        }
                        // The series ends just before this occurrence.
                        let parts = (item.component.text("RRULE") ?? "").split(separator: ";").filter {
                            !$0.uppercased().hasPrefix("UNTIL=") && !$0.uppercased().hasPrefix("COUNT=")
                        }
                        item.component.set(
                            "RRULE", (parts + ["UNTIL=" + ICalendar.utc(occurrence.addingTimeInterval(-1))]).joined(separator: ";"))
                    } else {
                        let value = first.allDay ? ICalendar.day(occurrence, zone: run.environment.timeZone) : ICalendar.utc(occurrence)
                        item.component.properties.append(
                            ICalendar.Property("EXDATE", value, parameters: first.allDay ? [("VALUE", "DATE")] : []))
                    }
                    item.component.set("LAST-MODIFIED", ICalendar.utc(run.environment.now()))
                    try CalendarStore.write(item)
                }
                return .nothing
            }
        })

    static let deleteCalendars = Shared(
        name: "DeleteCalendarsIntent", titles: ("Delete Calendars", "Delete Calendars"),
        definition: ActionDefinition(
            metadata: ActionMetadata(
                identifier: "DeleteCalendarsIntent", title: "Delete Calendars",
                description:
                    "Deletes calendars with their events; their folders go to $SHORTCUTS_HOME/Calendars/.Recently Deleted, from where they can be put back. Reporting junk has no meaning here and is refused.",
                parameters: [
                    ParameterMetadata(key: "entities", title: "Calendars", type: .content, isRequired: true, isList: true),
                    ParameterMetadata(
                        key: "reportJunk", title: "Report Junk", type: .enumeration, options: ["Don't Report", "Report"],
                        defaultValue: "Don't Report"),
                ],
                inputParameter: "entities", isReadOnly: false, keywords: ["remove calendar"])
        ) { parameters in
            { input, run in
                let report = (try run.text(parameters["reportJunk"]) ?? "").lowercased()
                guard report.isEmpty || report.hasPrefix("don") || report == "false" || report == "no" else {
                    throw ActionFailure("there is no junk service to report a calendar to on Linux", parameter: "reportJunk")
                }
                let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
                let folders = try given.items.map { try calendarFolder($0, parameter: "entities", run: run, allowingNone: false) }
                guard !folders.isEmpty else { throw ActionFailure("no calendar was given", parameter: "entities") }
                for folder in Set(folders).sorted() {
                    try CalendarStore.removeCollection(folder, .events, parameter: "entities", run: run)
                }
                return .nothing
            }
        })

    /// Opens a `mailto:` link to the addresses, with the event's title as the subject.
    static func compose(to addresses: [String], about event: CalendarStore.Item, run: RunContext) throws {
        var parts = URLComponents()
        parts.scheme = "mailto"
        parts.path = addresses.joined(separator: ",")
        parts.queryItems = [URLQueryItem(name: "subject", value: event.component.text("SUMMARY") ?? "")]
        guard let url = parts.url else { throw ActionFailure("can't make a mail link to \(addresses.joined(separator: ", "))") }
        try run.environment.openURL(url)
    }

    static func address(_ property: ICalendar.Property) -> String {
        property.value.replacingOccurrences(of: "mailto:", with: "", options: [.caseInsensitive, .anchored])
    }

    static let emailAttendees = Shared(
        name: "EmailAttendeesIntent", titles: ("Email Attendees", "Email Attendees"),
        definition: ActionDefinition(
            metadata: ActionMetadata(
                identifier: "EmailAttendeesIntent", title: "Email Attendees",
                description:
                    "Starts an email to the event's attendees in the desktop's mail app (a mailto: link), the event's title as the subject.",
                parameters: [ParameterMetadata(key: "target", title: "Event", type: .content, isRequired: true)],
                inputParameter: "target", isReadOnly: false, keywords: ["mail", "invitees"]),
            passesInputThrough: true
        ) { parameters in
            { input, run in
                let given = parameters["target"].isAbsent ? input : try run.content(parameters["target"])
                for (item, _) in try events(given, parameter: "target", run: run) {
                    let attendees = item.component.properties.filter { $0.name == "ATTENDEE" }.map(address)
                    guard !attendees.isEmpty else {
                        throw ActionFailure("“\(item.component.text("SUMMARY") ?? "")” has no attendees", parameter: "target")
                    }
                    try compose(to: attendees, about: item, run: run)
                }
                return input
            }
        })

    static let emailOrganizer = Shared(
        name: "EmailOrganizerIntent", titles: ("Email Organizer", "Email Organizer"),
        definition: ActionDefinition(
            metadata: ActionMetadata(
                identifier: "EmailOrganizerIntent", title: "Email Organizer",
                description:
                    "Starts an email to the event's organizer in the desktop's mail app (a mailto: link), the event's title as the subject.",
                parameters: [ParameterMetadata(key: "target", title: "Event", type: .content, isRequired: true)],
                inputParameter: "target", isReadOnly: false, keywords: ["mail", "organiser"]),
            passesInputThrough: true
        ) { parameters in
            { input, run in
                let given = parameters["target"].isAbsent ? input : try run.content(parameters["target"])
                for (item, _) in try events(given, parameter: "target", run: run) {
                    guard let organizer = item.component.first("ORGANIZER") else {
                        throw ActionFailure("“\(item.component.text("SUMMARY") ?? "")” has no organizer", parameter: "target")
                    }
                    try compose(to: [address(organizer)], about: item, run: run)
                }
                return input
            }
        })

    /// Hosts of the video calls events link to.
    static let conferenceHosts = [
        "zoom.us", "meet.google.com", "teams.microsoft.com", "teams.live.com", "meet.jit.si", "webex.com", "whereby.com",
        "facetime.apple.com",
    ]

    /// The event's video call: the conference properties Google and Microsoft write, else a call
    /// link in its URL, place or notes.
    static func conference(_ event: ICalendar.Component) -> URL? {
        for name in ["CONFERENCE", "X-GOOGLE-CONFERENCE", "X-MICROSOFT-SKYPETEAMSMEETINGURL"] {
            if let link = event.text(name).flatMap(TextScanner.url) { return link }
        }
        let links = ["URL", "LOCATION", "DESCRIPTION"].flatMap { TextScanner.links(in: event.text($0) ?? "") }
        return links.first { link in
            guard let host = link.host?.lowercased() else { return false }
            return conferenceHosts.contains { host == $0 || host.hasSuffix("." + $0) }
        }
    }

    static let joinEvent = Shared(
        name: "JoinEventIntent", titles: ("Join Event", "Join Event"),
        definition: ActionDefinition(
            metadata: ActionMetadata(
                identifier: "JoinEventIntent", title: "Join Event",
                description:
                    "Opens the event's video call (its conference link, or a Zoom, Meet, Teams, Jitsi or Webex link in its URL, place or notes) with the desktop's handler.",
                parameters: [ParameterMetadata(key: "target", title: "Event", type: .content, isRequired: true)],
                inputParameter: "target", isReadOnly: false, keywords: ["call", "meeting", "video"]),
            passesInputThrough: true
        ) { parameters in
            { input, run in
                let given = parameters["target"].isAbsent ? input : try run.content(parameters["target"])
                for (item, _) in try events(given, parameter: "target", run: run) {
                    guard let link = conference(item.component) else {
                        throw ActionFailure("“\(item.component.text("SUMMARY") ?? "")” has no video call to join", parameter: "target")
                    }
                    try run.environment.openURL(link)
                }
                return input
            }
        })

    /// `response` → the attendee's `PARTSTAT`.
    static let responses = ["accept": "ACCEPTED", "decline": "DECLINED", "maybe": "TENTATIVE", "tentative": "TENTATIVE"]

    static let respond = Shared(
        name: "RespondToInboxItemIntent", titles: ("Respond to Inbox Item", "Respond To Inbox Item"),
        definition: ActionDefinition(
            metadata: ActionMetadata(
                identifier: "RespondToInboxItemIntent", title: "Respond to Inbox Item",
                description:
                    "Answers an invitation: sets your attendance (PARTSTAT) on the event, you being the address set by shortcuts settings --service smtp-from=ADDRESS, else $EMAIL. A CalDAV server (through vdirsyncer) tells the organizer.",
                parameters: [
                    ParameterMetadata(key: "target", title: "Inbox Item", type: .content, isRequired: true),
                    ParameterMetadata(key: "response", title: "Response", type: .enumeration, options: ["Accept", "Decline", "Maybe"]),
                ],
                inputParameter: "target", outputType: "Calendar Event", outputName: "Event", isReadOnly: false,
                keywords: ["invitation", "rsvp", "accept", "decline"])
        ) { parameters in
            { input, run in
                let state = try choice(try run.text(parameters["response"]) ?? "", in: responses, parameter: "response")
                let me = [run.environment.services["smtp-from"], run.environment.variables["EMAIL"]].compactMap { $0 }
                    .lazy.compactMap { TextScanner.emailAddresses(in: $0).first }.first
                guard let me else {
                    throw ActionFailure(
                        "your email address isn't known: set it with shortcuts settings --service smtp-from=ADDRESS (or $EMAIL)",
                        parameter: "response")
                }
                let given = parameters["target"].isAbsent ? input : try run.content(parameters["target"])
                var answered: [Content] = []
                for (found, _) in try events(given, parameter: "target", run: run) {
                    var item = found
                    guard
                        let index = item.component.properties.firstIndex(where: {
                            $0.name == "ATTENDEE" && address($0).caseInsensitiveCompare(me) == .orderedSame
                        })
                    else {
                        throw ActionFailure("\(me) is not invited to “\(item.component.text("SUMMARY") ?? "")”", parameter: "target")
                    }
                    var attendee = item.component.properties[index]
                    attendee.parameters.removeAll { $0.0.uppercased() == "PARTSTAT" || $0.0.uppercased() == "RSVP" }
                    attendee.parameters.append(("PARTSTAT", state))
                    item.component.properties[index] = attendee
                    item.component.set("LAST-MODIFIED", ICalendar.utc(run.environment.now()))
                    try CalendarStore.write(item)
                    answered.append(CalendarActions.content(item, run: run))
                }
                return Content(items: answered)
            }
        })
}
