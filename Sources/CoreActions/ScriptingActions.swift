import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The Scripting actions that aren't control flow: Wait to Return, Continue in Shortcuts App,
/// Dismiss Siri and Continue, Receive Input (`Input`), Convert Time Zone, Measurement, Convert
/// Measurement, Get Name of Emoji and Debug Content Attribution.
enum ScriptingActions {
    static let all: [ActionDefinition] = [
        waitToReturn, continueInApp, dismissSiri, receiveInput, convertTimeZone, makeMeasurement, convertMeasurement, emojiName,
        contentAttribution,
    ]

    /// Apple waits here until the person comes back to Shortcuts. On Linux a run continues at
    /// once, unless `shortcuts settings --wait-to-return on` (or `SHORTCUTS_WAIT_TO_RETURN=1`)
    /// asks it to wait for Return on a terminal.
    static func pause(_ identifier: String, title: String) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: title,
                description:
                    "On Apple's systems this waits until you return to Shortcuts. Here the run continues at once, or waits for Return on a terminal with shortcuts settings --wait-to-return on (or SHORTCUTS_WAIT_TO_RETURN=1).",
                keywords: ["pause", "resume", "siri"]),
            passesInputThrough: true
        ) { _ in
            { input, run in
                if run.environment.waitsToReturn {
                    _ = try run.environment.prompter.confirm(title: "“\(title)”: the shortcut is waiting", message: "", allowsCancel: false)
                }
                return input
            }
        }
    }

    static let waitToReturn = pause("is.workflow.actions.waittoreturn", title: "Wait to Return")
    static let continueInApp = pause("is.workflow.actions.handoff", title: "Continue in Shortcuts App")
    static let dismissSiri = pause("is.workflow.actions.dismisssiri", title: "Dismiss Siri and Continue")

    static let receiveInput = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.input", title: "Receive Input",
            description:
                "Outputs the shortcut's input. When there is none it does what If There's No Input says: continue, ask for it, use the clipboard, or stop (and respond).",
            parameters: [
                ParameterMetadata(
                    key: "WFNoInputBehavior", title: "If There's No Input", type: .enumeration,
                    options: ["Continue", "Ask For", "Get Clipboard", "Stop and Respond"]),
                ParameterMetadata(key: "WFStopAndRespondResponse", title: "Response", type: .text),
            ],
            outputType: "Content", outputName: "Shortcut Input", keywords: ["shortcut input", "receive"])
    ) { parameters in
        let behavior = parameters["WFNoInputBehavior"]
        let response = parameters["WFStopAndRespondResponse"]
        return { _, run in
            if !run.shortcutInput.isNothing { return run.shortcutInput }
            // Files write the behaviour as a record naming it ({Name: WFNoInputBehaviorAskForInput…}).
            let value = try run.content(behavior)
            let name = (value.dictionary?["Name"] ?? value).text.lowercased()
            if name.contains("ask") {
                return .text(try run.environment.prompter.ask("Input", defaultAnswer: nil, inputType: "Text"))
            }
            if name.contains("clipboard") { return try run.environment.clipboard.read() }
            if name.contains("stop") || name.contains("respond") {
                let text = try run.text(response) ?? ""
                if !text.isEmpty { run.environment.show(text) }
                run.stop(output: .nothing)
            }
            return .nothing
        }
    }

    // MARK: Time zones

    static let convertTimeZone = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.converttimezone", title: "Convert Time Zone",
            description:
                "Converts a date's time from one time zone to another: 9:00 in New York becomes 6:00 for Los Angeles. A zone is an identifier (Europe/Paris), an abbreviation (PST) or a city (Tokyo); the source is the run's zone when not given.",
            parameters: [
                ParameterMetadata(key: "Date", title: "Date", type: .date, isRequired: true),
                ParameterMetadata(key: "SourceTimeZone", title: "From", type: .text),
                ParameterMetadata(key: "DestinationTimeZone", title: "To", type: .text, isRequired: true),
            ],
            inputParameter: "Date", outputType: "Date", outputName: "Date", keywords: ["timezone", "utc", "gmt"])
    ) { parameters in
        let sourceExpression = parameters["SourceTimeZone"]
        let destinationExpression = parameters["DestinationTimeZone"]
        return { input, run in
            let source = try zone(sourceExpression, parameter: "SourceTimeZone", run: run) ?? run.environment.timeZone
            guard let destination = try zone(destinationExpression, parameter: "DestinationTimeZone", run: run) else {
                throw ActionFailure("no time zone to convert to is given", parameter: "DestinationTimeZone")
            }
            let dates = try run.convert(input, to: .date, parameter: "Date").items
            guard !dates.isEmpty else { throw ActionFailure("there is no date to convert", parameter: "Date") }
            return Content(
                items: dates.compactMap { item in
                    guard case .date(let date) = item else { return nil }
                    let shift = destination.secondsFromGMT(for: date) - source.secondsFromGMT(for: date)
                    return .date(date.addingTimeInterval(TimeInterval(shift)))
                })
        }
    }

    /// A time zone parameter: `nil` when absent.
    static func zone(_ expression: ParameterExpression, parameter: String, run: RunContext) throws -> TimeZone? {
        let value = try run.content(expression)
        if value.isNothing { return nil }
        // A record from the editor names its zone by identifier.
        let text = (value.dictionary?["TimeZoneIdentifier"] ?? value.dictionary?["identifier"] ?? value).text
            .trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        if let zone = TimeZone(identifier: text) ?? TimeZone(abbreviation: text.uppercased()) { return zone }
        let city = text.replacingOccurrences(of: " ", with: "_").lowercased()
        if let identifier = TimeZone.knownTimeZoneIdentifiers.first(where: { $0.lowercased().hasSuffix("/" + city) }),
            let zone = TimeZone(identifier: identifier)
        {
            return zone
        }
        throw ActionFailure(
            "\"\(text.prefix(60))\" is not a time zone; use an identifier such as Europe/Paris, an abbreviation such as PST, or a city",
            parameter: parameter)
    }

    // MARK: Measurements

    static let makeMeasurement = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.measurement.create", title: "Measurement",
            description: "Makes a measurement: an amount in a unit of a kind (Length, Mass, Temperature, Speed…).",
            parameters: [
                ParameterMetadata(
                    key: "WFMeasurementUnitType", title: "Unit Type", type: .enumeration, options: MeasurementUnits.kinds.map(\.name),
                    defaultValue: "Length"),
                ParameterMetadata(key: "WFMeasurementUnit", title: "Value", description: "e.g. 5 km", type: .text, isRequired: true),
            ],
            outputType: "Measurement", outputName: "Measurement", keywords: ["units", "quantity"])
    ) { parameters in
        let kindExpression = parameters["WFMeasurementUnitType"]
        let valueExpression = parameters["WFMeasurementUnit"]
        return { _, run in
            let kind = try measurementKind(kindExpression, run: run)
            let text = try run.content(valueExpression).text
            guard let (value, unitName) = MeasurementUnits.amountAndUnit(text) else {
                throw ActionFailure("\"\(text.prefix(60))\" is not an amount with a unit, such as 5 km", parameter: "WFMeasurementUnit")
            }
            let unitText = unitName.isEmpty ? MeasurementUnits.symbol(of: kind.units[0].unit) : unitName
            guard let (unit, found) = MeasurementUnits.unit(named: unitText, in: kind) else {
                throw ActionFailure(
                    "\"\(unitText.prefix(40))\" is not a unit of \(kind.name); it takes \(MeasurementUnits.symbols(of: kind).joined(separator: ", "))",
                    parameter: "WFMeasurementUnit")
            }
            return measurement(value, unit, kind: found)
        }
    }

    static let convertMeasurement = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.measurement.convert", title: "Convert Measurement",
            description: "Converts a measurement (or text such as 5 km) to another unit of its kind.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Measurement", type: .content, isRequired: true),
                ParameterMetadata(
                    key: "WFMeasurementUnitType", title: "Unit Type", type: .enumeration, options: MeasurementUnits.kinds.map(\.name),
                    defaultValue: "Length"),
                ParameterMetadata(key: "WFMeasurementUnit", title: "Unit", description: "e.g. mi", type: .text, isRequired: true),
            ],
            inputParameter: "WFInput", outputType: "Measurement", outputName: "Converted Measurement", keywords: ["units"])
    ) { parameters in
        let kindExpression = parameters["WFMeasurementUnitType"]
        let unitExpression = parameters["WFMeasurementUnit"]
        return { input, run in
            var kindGiven = try run.text(kindExpression).flatMap { MeasurementUnits.kind(named: $0) }
            // Files name the unit as Foundation's unit archive: {WFNSUnitType, WFNSUnitSymbol}.
            let unitContent = try run.content(unitExpression)
            var unitName = unitContent.text.trimmingCharacters(in: .whitespaces)
            if case .dictionary(let archive) = unitContent, let symbol = archive["WFNSUnitSymbol"]?.text {
                unitName = symbol
                if let type = archive["WFNSUnitType"]?.text, let kind = MeasurementUnits.kind(named: type) { kindGiven = kindGiven ?? kind }
            }
            guard !unitName.isEmpty else { throw ActionFailure("no unit to convert to is given", parameter: "WFMeasurementUnit") }
            var converted: [Content] = []
            for item in input.items {
                let (value, fromName) = try measured(item)
                guard let (from, kind) = MeasurementUnits.unit(named: fromName, in: kindGiven) ?? MeasurementUnits.unit(named: fromName)
                else {
                    throw ActionFailure("\"\(fromName.prefix(40))\" is not a unit this action knows", parameter: "WFInput")
                }
                guard let (to, _) = MeasurementUnits.unit(named: unitName, in: kind) else {
                    throw ActionFailure(
                        "can't convert \(kind.name) to \"\(unitName.prefix(40))\"; it takes \(MeasurementUnits.symbols(of: kind).joined(separator: ", "))",
                        parameter: "WFMeasurementUnit")
                }
                let result = Measurement(value: value, unit: from).converted(to: to)
                converted.append(measurement(result.value, to, kind: kind))
            }
            return Content(items: converted)
        }
    }

    static func measurementKind(_ expression: ParameterExpression, run: RunContext) throws -> MeasurementUnits.Kind {
        let name = try run.text(expression) ?? "Length"
        guard let kind = MeasurementUnits.kind(named: name) else {
            throw ActionFailure(
                "\"\(name.prefix(40))\" is not a unit type; it takes \(MeasurementUnits.kinds.map(\.name).joined(separator: ", "))",
                parameter: "WFMeasurementUnitType")
        }
        return kind
    }

    /// A measurement as content: shown as `5 km`, its number is its amount.
    static func measurement(_ value: Double, _ unit: Dimension, kind: MeasurementUnits.Kind) -> Content {
        let symbol = MeasurementUnits.symbol(of: unit)
        let shown = NumberText.shown((value * 1e10).rounded() / 1e10) + " " + symbol
        return .entity(
            EntityContent(
                typeName: "Measurement", identifier: shown, displayTitle: shown,
                properties: ["Magnitude": .number(value), "Unit": .text(symbol), "Unit Type": .text(kind.name)]))
    }

    /// The amount and unit of a measurement or of text such as `5 km`, `-3.5°C`, `12 miles`.
    static func measured(_ item: Content) throws -> (Double, String) {
        if case .entity(let entity) = item, let value = entity.properties["Magnitude"]?.number,
            let unit = entity.properties["Unit"]?.text
        {
            return (value, unit)
        }
        guard let (value, unit) = MeasurementUnits.amountAndUnit(item.text), !unit.isEmpty else {
            throw ActionFailure("\(item.quotedForError) is not a measurement such as 5 km", parameter: "WFInput")
        }
        return (value, unit)
    }

    // MARK: Emoji and attribution

    static let emojiName = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getnameofemoji", title: "Get Name of Emoji",
            description:
                "Outputs the Unicode name of each emoji in the text (grinning face); a sequence joined by zero-width joiners or with a skin tone is named part by part.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Emoji", type: .text, isRequired: true)],
            inputParameter: "WFInput", outputType: "Text", outputName: "Name of Emoji", keywords: ["unicode", "character"])
    ) { _ in
        { input, _ in
            var names: [Content] = []
            for item in input.items {
                for character in item.text where character.unicodeScalars.contains(where: { $0.properties.isEmoji && $0.value > 0x7F }) {
                    names.append(.text(name(of: character)))
                }
            }
            return Content(items: names)
        }
    }

    /// A character's emoji name: its scalars' Unicode names, lower case, without joiners and
    /// variation selectors; a flag is named by its region.
    static func name(of character: Character) -> String {
        let scalars = character.unicodeScalars.filter { $0.value != 0x200D && $0.value != 0xFE0F && $0.value != 0xFE0E }
        let indicators = scalars.compactMap { scalar -> Character? in
            (0x1F1E6...0x1F1FF).contains(scalar.value) ? Character(Unicode.Scalar(scalar.value - 0x1F1E6 + 65)!) : nil
        }
        if indicators.count == 2, scalars.count == 2 {
            let code = String(indicators)
            return "flag: " + (Locale(identifier: "en_US").localizedString(forRegionCode: code) ?? code)
        }
        return scalars.compactMap { $0.properties.name?.lowercased() }.joined(separator: ", ")
    }

    static let contentAttribution = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.debug.contentattribution", title: "Debug Content Attribution",
            description: "Shows where each input item came from (its class and, for files and URLs, their origin); passes the input on.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
            inputParameter: "WFInput", keywords: ["debug", "origin"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            let lines = input.items.map { item -> String in
                switch item {
                case .file(let file): return "File \(file.name): " + (file.path.map { "from \($0)" } ?? "made by the shortcut")
                case .url(let url): return "URL: " + (url.isFileURL ? "a local file" : "from \(url.host ?? "the web")")
                case .entity(let entity): return "\(entity.typeName) \(entity.displayTitle): from an app action"
                default: return "\(item.typeName): made by the shortcut"
                }
            }
            run.environment.show(lines.isEmpty ? "Nothing" : lines.joined(separator: "\n"))
            return input
        }
    }
}
