import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The Clock app's own actions (`com.apple.clock.*` and its alarm intents), with Apple's
/// parameter keys (macOS 26's action database). Linux has no clock app these would drive, so
/// they keep their state where a person can read it:
///
/// ```text
/// $SHORTCUTS_HOME/Clock/world-clocks     the cities added, one time zone (Europe/Paris) a line
/// $SHORTCUTS_HOME/Clock/stopwatch.json   the stopwatch: when it started, time before, laps
/// $XDG_RUNTIME_DIR/shortcuts/timer.json  the current timer (Start Timer's), gone at logout as the timer is
/// ```
///
/// Alarms are Create Alarm's timer units (``ClockActions``), the current timer Start Timer's
/// transient unit: pausing stops it and keeps what was left, resuming starts a new one for that.
enum ClockAppActions {
    static let app = "Clock"
    static let cityType = "World Clock City"

    static var all: [ActionDefinition] {
        [
            addCity, removeCity, timeForCity, startStopwatch, stopStopwatch, lapStopwatch, resetStopwatch, cancelTimer, pauseTimer,
            resumeTimer, currentTimerDetails, deleteAlarms, openAlarm, createAlarm, findAlarms, toggleAlarm,
        ].inApp(app)
    }

    static func folder(run: RunContext) -> String { ShortcutsHome.path(in: run.environment.variables) + "/Clock" }

    static func save(_ data: Data, as name: String, run: RunContext) throws {
        let folder = folder(run: run)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ActionFailure("can't make \(folder): \(error.localizedDescription)")
        }
        try StoreFiles.write(data, to: folder + "/" + name)
    }

    // MARK: World clocks

    /// A city as content: named by its time zone.
    static func city(_ zone: TimeZone) -> Content {
        let name = cityName(zone.identifier)
        return .entity(
            EntityContent(
                typeName: cityType, identifier: zone.identifier, displayTitle: name,
                properties: ["Name": .text(name), "Time Zone": .text(zone.identifier)]))
    }

    /// `Europe/Paris` → `Paris`, `America/Argentina/Buenos_Aires` → `Buenos Aires`.
    static func cityName(_ identifier: String) -> String {
        (identifier.split(separator: "/").last.map(String.init) ?? identifier).replacingOccurrences(of: "_", with: " ")
    }

    /// The time zone a city names: a city from an earlier action, a zone (`Asia/Tokyo`), or the
    /// name of a city the time zone database has (`Tokyo`, `new york`).
    static func zone(_ given: Content, parameter: String) throws -> TimeZone {
        if case .entity(let entity) = given, let zone = TimeZone(identifier: entity.identifier) { return zone }
        let text = (given.dictionary?["Name"] ?? given).text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw ActionFailure("no city was given", parameter: parameter) }
        if text.contains("/"), let zone = TimeZone(identifier: text) { return zone }
        let wanted = text.replacingOccurrences(of: "_", with: " ")
        if let identifier = TimeZone.knownTimeZoneIdentifiers.first(where: {
            $0.contains("/") && cityName($0).caseInsensitiveCompare(wanted) == .orderedSame
        }), let zone = TimeZone(identifier: identifier) {
            return zone
        }
        throw ActionFailure(
            "no time zone is named after “\(text.prefix(60))”: give a city of the time zone database (Paris, New York, Tokyo) or a zone such as Europe/Paris",
            parameter: parameter)
    }

    static func worldClocks(run: RunContext) -> [String] {
        let text = (try? String(contentsOfFile: folder(run: run) + "/world-clocks", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { TimeZone(identifier: $0) != nil }
    }

    static func saveWorldClocks(_ zones: [String], run: RunContext) throws {
        try save(Data(zones.map { $0 + "\n" }.joined().utf8), as: "world-clocks", run: run)
    }

    static let addCity = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.AddWorldClockIntent", title: "Add City",
            description:
                "Adds a city to the world clocks ($SHORTCUTS_HOME/Clock/world-clocks, one time zone a line); a city already there stays once.",
            parameters: [
                ParameterMetadata(key: "city", title: "City", type: .content, isRequired: true),
                ParameterMetadata(key: "OpenWhenRun", title: "Open When Run", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "city", outputType: cityType, outputName: "City", isReadOnly: false, keywords: ["world clock", "time zone"])
    ) { parameters in
        { input, run in
            let zone = try zone(parameters["city"].isAbsent ? input : try run.content(parameters["city"]), parameter: "city")
            let clocks = worldClocks(run: run)
            if !clocks.contains(zone.identifier) { try saveWorldClocks(clocks + [zone.identifier], run: run) }
            return city(zone)
        }
    }

    static let removeCity = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.RemoveWorldClockIntent", title: "Remove City",
            description: "Removes cities from the world clocks.",
            parameters: [
                ParameterMetadata(key: "entities", title: "City", type: .content, isRequired: true, isList: true),
                ParameterMetadata(key: "OpenWhenRun", title: "Open When Run", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "entities", isReadOnly: false, keywords: ["world clock", "time zone"])
    ) { parameters in
        { input, run in
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let zones = try given.items.map { try zone($0, parameter: "entities").identifier }
            let clocks = worldClocks(run: run)
            for zone in zones where !clocks.contains(zone) {
                throw ActionFailure("\(cityName(zone)) is not among the world clocks", parameter: "entities")
            }
            try saveWorldClocks(clocks.filter { !zones.contains($0) }, run: run)
            return .nothing
        }
    }

    static let timeForCity = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.GetTimeForCityIntent", title: "Get Time for City",
            description: "Gives the time now in a city, as the region shows times (a short time, e.g. 14:05 or 2:05 PM).",
            parameters: [ParameterMetadata(key: "city", title: "City", type: .content, isRequired: true)],
            inputParameter: "city", outputType: "Text", outputName: "Time", keywords: ["world clock", "time zone", "what time"])
    ) { parameters in
        { input, run in
            let zone = try zone(parameters["city"].isAbsent ? input : try run.content(parameters["city"]), parameter: "city")
            return .text(
                DateText.format(run.environment.now(), dateStyle: .none, timeStyle: .short, locale: run.environment.locale, timeZone: zone))
        }
    }

    // MARK: Stopwatch

    /// The stopwatch: running since `startedAt` (when running), plus `before` seconds of earlier
    /// runs; `laps` are the times at each lap, from the start.
    struct Stopwatch: Codable {
        var startedAt: Date?
        var before: Double = 0
        var laps: [Double] = []

        func elapsed(at now: Date) -> Double { before + (startedAt.map { max(0, now.timeIntervalSince($0)) } ?? 0) }

        static func load(run: RunContext) -> Stopwatch {
            let path = folder(run: run) + "/stopwatch.json"
            guard let data = FileManager.default.contents(atPath: path), let read = try? decoder.decode(Stopwatch.self, from: data) else {
                return Stopwatch()
            }
            return read
        }

        func save(run: RunContext) throws {
            try ClockAppActions.save(try encoder.encode(self), as: "stopwatch.json", run: run)
        }

        /// The stopwatch as content: its time, its laps (each lap's own length) and whether it runs.
        func content(at now: Date) -> Content {
            let total = elapsed(at: now)
            var lengths: [Content] = []
            var previous = 0.0
            for lap in laps {
                lengths.append(.number(lap - previous))
                previous = lap
            }
            return .entity(
                EntityContent(
                    typeName: "Stopwatch", identifier: "stopwatch", displayTitle: DurationText.clock(total),
                    properties: ["Elapsed Time": .number(total), "Laps": .list(lengths), "Is Running": .boolean(startedAt != nil)]))
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    static let openWhenRun = ParameterMetadata(key: "OpenWhenRun", title: "Open When Run", type: .boolean, defaultValue: "false")

    static let startStopwatch = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.StartStopwatchIntent", title: "Start Stopwatch",
            description: "Starts the stopwatch, or lets it go on from where it was stopped ($SHORTCUTS_HOME/Clock/stopwatch.json).",
            isReadOnly: false, keywords: ["timing", "chronometer"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            var stopwatch = Stopwatch.load(run: run)
            if stopwatch.startedAt == nil {
                stopwatch.startedAt = run.environment.now()
                try stopwatch.save(run: run)
            }
            return input
        }
    }

    static let stopStopwatch = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.StopStopwatchIntent", title: "Stop the Stopwatch",
            description:
                "Stops the stopwatch; its output is the stopwatch (Elapsed Time in seconds, Laps, Is Running), which Apple's shows in the Clock app.",
            parameters: [openWhenRun], outputType: "Stopwatch", outputName: "Stopwatch", isReadOnly: false, keywords: ["timing", "pause"])
    ) { _ in
        { _, run in
            var stopwatch = Stopwatch.load(run: run)
            let now = run.environment.now()
            if stopwatch.startedAt != nil {
                stopwatch.before = stopwatch.elapsed(at: now)
                stopwatch.startedAt = nil
                try stopwatch.save(run: run)
            }
            return stopwatch.content(at: now)
        }
    }

    static let lapStopwatch = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.LapStopwatchIntent", title: "Lap Stopwatch",
            description: "Marks a lap on the running stopwatch; its output is the stopwatch, with each lap's length.",
            parameters: [openWhenRun], outputType: "Stopwatch", outputName: "Stopwatch", isReadOnly: false, keywords: ["timing", "split"])
    ) { _ in
        { _, run in
            var stopwatch = Stopwatch.load(run: run)
            let now = run.environment.now()
            guard stopwatch.startedAt != nil else { throw ActionFailure("the stopwatch isn't running (Start Stopwatch starts it)") }
            stopwatch.laps.append(stopwatch.elapsed(at: now))
            try stopwatch.save(run: run)
            return stopwatch.content(at: now)
        }
    }

    static let resetStopwatch = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.ResetStopwatchIntent", title: "Reset Stopwatch",
            description: "Stops the stopwatch and sets it back to zero, without laps.", parameters: [openWhenRun], isReadOnly: false,
            keywords: ["timing", "clear"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            try Stopwatch().save(run: run)
            return input
        }
    }

    // MARK: The current timer

    /// The timer Start Timer started last: its transient unit, and when it ends (running) or
    /// how much of it is left (paused).
    struct TimerState: Codable {
        var unit: String
        var label: String
        var duration: Double
        var endsAt: Date?
        var remaining: Double?

        static func path(run: RunContext) -> String {
            let runtime = run.environment.variables["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            return (runtime ?? UserFolders.cacheHome(in: run.environment.variables)) + "/shortcuts/timer.json"
        }

        /// The current timer, if one is running or paused (one that has ended is no longer current).
        static func load(run: RunContext) -> TimerState? {
            guard let data = FileManager.default.contents(atPath: path(run: run)),
                let state = try? decoder.decode(TimerState.self, from: data)
            else { return nil }
            if let endsAt = state.endsAt, endsAt <= run.environment.now() { return nil }
            return state
        }

        func save(run: RunContext) throws {
            let path = Self.path(run: run)
            let folder = (path as NSString).deletingLastPathComponent
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try StoreFiles.write(try encoder.encode(self), to: path)
        }

        static func clear(run: RunContext) { try? FileManager.default.removeItem(atPath: path(run: run)) }
    }

    static func currentTimer(run: RunContext) throws -> TimerState {
        guard let timer = TimerState.load(run: run) else { throw ActionFailure("no timer is running (Start Timer starts one)") }
        return timer
    }

    static func stopUnit(_ unit: String, systemd: ServiceClient) throws {
        _ = try systemd.call(
            "/org/freedesktop/systemd1", "org.freedesktop.systemd1.Manager", "StopUnit", [.string(unit + ".timer"), .string("replace")])
    }

    static let cancelTimer = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.CancelTimerIntent", title: "Cancel Timer",
            description: "Cancels the current timer (Start Timer's), running or paused: it won't go off.", isReadOnly: false,
            keywords: ["countdown", "stop"]
        ).needing(ClockActions.systemdUser),
        passesInputThrough: true
    ) { _ in
        { input, run in
            let systemd = try ServiceClient(ClockActions.systemdUser, for: run)
            let timer = try currentTimer(run: run)
            if timer.endsAt != nil { try stopUnit(timer.unit, systemd: systemd) }
            TimerState.clear(run: run)
            return input
        }
    }

    static let pauseTimer = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.PauseTimerIntent", title: "Pause Timer",
            description: "Pauses the current timer: its transient unit is stopped and what is left of it kept, for Resume Timer.",
            isReadOnly: false, keywords: ["countdown", "hold"]
        ).needing(ClockActions.systemdUser),
        passesInputThrough: true
    ) { _ in
        { input, run in
            let systemd = try ServiceClient(ClockActions.systemdUser, for: run)
            var timer = try currentTimer(run: run)
            guard let endsAt = timer.endsAt else { throw ActionFailure("the timer is already paused") }
            try stopUnit(timer.unit, systemd: systemd)
            let remaining = endsAt.timeIntervalSince(run.environment.now())
            guard remaining >= 1 else {
                TimerState.clear(run: run)
                throw ActionFailure("the timer had ended")
            }
            timer.remaining = remaining
            timer.endsAt = nil
            try timer.save(run: run)
            return input
        }
    }

    static let resumeTimer = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.ResumeTimerIntent", title: "Resume Timer",
            description: "Lets the paused timer go on: a new transient timer for what was left of it.", isReadOnly: false,
            keywords: ["countdown", "continue"]
        ).needing(ClockActions.systemdUser),
        passesInputThrough: true
    ) { _ in
        { input, run in
            let systemd = try ServiceClient(ClockActions.systemdUser, for: run)
            let timer = try currentTimer(run: run)
            guard let remaining = timer.remaining else { throw ActionFailure("the timer isn't paused") }
            try ClockActions.startTimer(
                seconds: remaining, spoken: DurationText.spoken(timer.duration), label: timer.label, systemd: systemd, run: run)
            // The timer keeps its length; only its end moves.
            var resumed = try currentTimer(run: run)
            resumed.duration = timer.duration
            try resumed.save(run: run)
            return input
        }
    }

    static let currentTimerDetails = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.GetCurrentTimerDetailsIntent", title: "Get Current Timer",
            description: "Gives the current timer's whole length, or the time left of it, as a duration.",
            parameters: [
                ParameterMetadata(
                    key: "mode", title: "Mode", type: .enumeration, options: ["duration", "remainingTime"], defaultValue: "duration")
            ],
            outputType: "Measurement", outputName: "Timer", keywords: ["countdown", "left", "remaining"])
    ) { parameters in
        { _, run in
            let timer = try currentTimer(run: run)
            let mode = (try run.text(parameters["mode"]) ?? "duration").lowercased().replacingOccurrences(of: " ", with: "")
            let seconds: Double
            switch mode {
            case "duration", "": seconds = timer.duration
            case "remainingtime", "remaining":
                seconds = timer.remaining ?? max(0, (timer.endsAt ?? run.environment.now()).timeIntervalSince(run.environment.now()))
            default: throw ActionFailure("“\(mode.prefix(40))” is not a mode; use duration or remainingTime", parameter: "mode")
            }
            let rounded = seconds.rounded()
            let shown = NumberText.shown(rounded) + " s"
            return .entity(
                EntityContent(
                    typeName: "Measurement", identifier: shown, displayTitle: shown,
                    properties: ["Magnitude": .number(rounded), "Unit": .text("s"), "Unit Type": .text("Duration")]))
        }
    }

    // MARK: Alarms

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    static let createAlarm = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.mobiletimer-framework.MobileTimerIntents.MTCreateAlarmIntent", title: "Add Alarm",
            description:
                "Makes an alarm (a timer unit of the systemd user manager that shows a notification), once or on the days it repeats, as Create Alarm does.",
            parameters: [
                ParameterMetadata(key: "dateComponents", title: "Time", type: .date, isRequired: true),
                ParameterMetadata(key: "name", title: "Name", type: .text, defaultValue: "Alarm"),
                ParameterMetadata(key: "repeats", title: "Repeat", type: .enumeration, options: weekdays, isList: true),
                ParameterMetadata(key: "allowsSnooze", title: "Snooze", type: .boolean, defaultValue: "true"),
                openWhenRun,
            ],
            outputType: "Alarm", outputName: "Alarm", isReadOnly: false, keywords: ["wake", "clock"]
        ).needing(ClockActions.systemdUser)
    ) { parameters in
        { _, run in
            let systemd = try ServiceClient(ClockActions.systemdUser, for: run)
            let time = try DateParameters.date(parameters["dateComponents"], parameter: "dateComponents", run: run)
            let label = (try run.text(parameters["name"])).flatMap { $0.isEmpty ? nil : $0 } ?? "Alarm"
            let days = try run.content(parameters["repeats"]).items.map(\.text).map { day in
                guard !day.isEmpty, let match = weekdays.first(where: { $0.hasPrefix(day.lowercased().prefix(3)) }) else {
                    throw ActionFailure("“\(day.prefix(40))” is not a day of the week", parameter: "repeats")
                }
                return match.capitalized
            }
            return try ClockActions.makeAlarm(at: time, label: label, days: days, systemd: systemd, run: run)
        }
    }

    static let alarmProperties = FileFilter.Properties(
        kind: "alarms", names: ["Label", "Time", "Is Enabled", "Repeat"], aliases: ["label": "Label", "hours": "Time"],
        value: { name, item in item.property(name) })

    static let findAlarms = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "com.apple.mobiletimer-framework.MobileTimerIntents.MTGetAlarmsIntent", title: "Find Alarms",
            description: "Finds the alarms (Create Alarm's and Add Alarm's) that match the conditions, sorted and limited.",
            parameters: FileFilter.parameters(input: nil, sortBy: ["Label", "Time", "Random"]),
            outputType: "Alarm", outputName: "Alarms", keywords: ["wake", "clock", "list"]),
        properties: alarmProperties,
        source: { run in .list(ClockActions.alarms(run: run)) })

    static let toggleAlarm = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.mobiletimer-framework.MobileTimerIntents.MTToggleAlarmIntent", title: "Toggle Alarm",
            description: "Turns an alarm on or off (operation turn, with state), or toggles it.",
            parameters: [
                ParameterMetadata(
                    key: "operation", title: "Operation", type: .enumeration, options: ["toggle", "turn"], defaultValue: "toggle"),
                ParameterMetadata(key: "state", title: "State", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "alarm", title: "Alarm", type: .content, isRequired: true),
                ParameterMetadata(key: "ShowWhenRun", title: "Show When Run", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "alarm", outputType: "Alarm", outputName: "Alarm", isReadOnly: false, keywords: ["wake", "clock"]
        ).needing(ClockActions.systemdUser)
    ) { parameters in
        { input, run in
            let systemd = try ServiceClient(ClockActions.systemdUser, for: run)
            let given = parameters["alarm"].isAbsent ? input : try run.content(parameters["alarm"])
            let (alarm, unit) = try ClockActions.findAlarm(given, parameter: "alarm", run: run)
            let operation = (try run.text(parameters["operation"]) ?? "toggle").lowercased()
            let on: Bool
            switch operation {
            case "toggle", "": on = !(alarm.property("Is Enabled").boolean ?? false)
            case "turn": on = try run.bool(parameters["state"]) ?? true
            default: throw ActionFailure("“\(operation.prefix(40))” is not an operation; use toggle or turn", parameter: "operation")
            }
            try ClockActions.setAlarm(unit, on: on, systemd: systemd)
            return ClockActions.alarms(run: run).first { $0.entityIdentifier == unit } ?? .nothing
        }
    }

    static let deleteAlarms = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.DeleteAlarmIntent", title: "Delete Alarms",
            description: "Turns alarms off and deletes their timer units.",
            parameters: [ParameterMetadata(key: "entities", title: "Alarms", type: .content, isRequired: true, isList: true)],
            inputParameter: "entities", isReadOnly: false, keywords: ["remove", "wake", "clock"]
        ).needing(ClockActions.systemdUser)
    ) { parameters in
        { input, run in
            let systemd = try ServiceClient(ClockActions.systemdUser, for: run)
            let given = parameters["entities"].isAbsent ? input : try run.content(parameters["entities"])
            let units = try given.items.map { try ClockActions.findAlarm($0, parameter: "entities", run: run).unit }
            guard !units.isEmpty else { throw ActionFailure("no alarm was given", parameter: "entities") }
            let folder = ClockActions.unitFolder(run: run)
            for unit in Set(units).sorted() {
                try ClockActions.setAlarm(unit, on: false, systemd: systemd)
                for suffix in [".timer", ".service"] {
                    do {
                        try FileManager.default.removeItem(atPath: folder + "/" + unit + suffix)
                    } catch {
                        throw ActionFailure("can't delete \(folder)/\(unit)\(suffix): \(error.localizedDescription)", parameter: "entities")
                    }
                }
            }
            _ = try systemd.call("/org/freedesktop/systemd1", "org.freedesktop.systemd1.Manager", "Reload")
            return .nothing
        }
    }

    static let openAlarm = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "com.apple.clock.OpenAlarmIntent", title: "Open Alarm",
            description: "Opens the alarm's timer unit (its time, days and label) with the desktop's editor.",
            parameters: [ParameterMetadata(key: "target", title: "Alarm", type: .content, isRequired: true)],
            inputParameter: "target", isReadOnly: false, keywords: ["show", "clock"]),
        passesInputThrough: true
    ) { parameters in
        { input, run in
            let given = parameters["target"].isAbsent ? input : try run.content(parameters["target"])
            let unit = try ClockActions.findAlarm(given, parameter: "target", run: run).unit
            try run.environment.openURL(URL(fileURLWithPath: ClockActions.unitFolder(run: run) + "/" + unit + ".timer"))
            return input
        }
    }
}

/// Lengths of time as the Clock app shows and says them.
enum DurationText {
    /// `1:02:03.45` or `2:03.45`, as a stopwatch shows it.
    static func clock(_ seconds: Double) -> String {
        let hundredths = Int((min(max(seconds.isFinite ? seconds : 0, 0), 1e9) * 100).rounded())
        let (hours, minutes, rest) = (hundredths / 360_000, hundredths / 6000 % 60, hundredths % 6000)
        let tail = String(format: "%02d.%02d", rest / 100, rest % 100)
        return hours > 0 ? String(format: "%d:%02d:", hours, minutes) + tail : String(format: "%d:", minutes) + tail
    }

    /// `5 min`, `1 hr 30 min`, `45 sec`: a timer's length in its notification.
    static func spoken(_ seconds: Double) -> String {
        let whole = Int(min(max(seconds.isFinite ? seconds : 0, 0), 1e9).rounded())
        let parts = [(whole / 3600, "hr"), (whole / 60 % 60, "min"), (whole % 60, "sec")].filter { $0.0 > 0 }
        return parts.isEmpty ? "0 sec" : parts.map { "\($0.0) \($0.1)" }.joined(separator: " ")
    }
}
