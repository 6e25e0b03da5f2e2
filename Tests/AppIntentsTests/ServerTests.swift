import AppIntents
import Foundation
import ShortcutsContent
import ShortcutsRPC
import Testing

@Suite(.serialized) struct ServerTests {
    static let intents: [any AppIntent.Type] =
        SoupApp.intents + [
            RestartingIntent.self, NapIntent.self, ListSoupsIntent.self, TidyNoteIntent.self, GetWeatherReportIntent.self,
            DescribeWeatherIntent.self,
        ]

    func withServer(_ body: (ServerHarness) async throws -> Void) async throws {
        try await ServerHarness.with(Self.intents, body)
    }

    @Test func initializeNamesTheVersionAndApp() async throws {
        try await withServer { server in
            let result: ExtensionProtocol.InitializeResult = try await server.call(
                ExtensionProtocol.Method.initialize, ExtensionProtocol.InitializeParams())
            #expect(result.protocolVersion == 1)
            #expect(result.bundleIdentifier == "com.example.Soup")
        }
    }

    /// A list of entities comes as a table only to a host that said in `initialize` that it
    /// reads tables (this project's host does); to another, in the form `Codable` gives.
    @Test(arguments: [true, false]) func entityListsAreTablesOnlyForAHostThatAsked(_ asks: Bool) async throws {
        try await withServer { server in
            let initialize = asks ? #"{"protocolVersion":1,"entityTables":true}"# : #"{"protocolVersion":1}"#
            _ = try await server.exchange(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":\#(initialize)}"#)
            try server.host.writeLine(
                Data(
                    #"{"jsonrpc":"2.0","id":2,"method":"intent.perform","params":{"intent":"ListSoupsIntent","parameters":{},"confirmed":false,"confirmedParameters":[],"isInteractive":false}}"#
                        .utf8))
            let line = try server.host.readLine(timeout: 60)
            let text = String(decoding: line, as: UTF8.self)
            #expect(text.contains(#""type":"entities","entityType":"SoupEntity","columns":["name","price"]"#) == asks, "\(text)")
            let scanned = try JSONRPC.ScannedMessage([UInt8](line))
            let range = try #require(scanned.result)
            let result = try #require(try scanned.read(range, as: ExtensionProtocol.PerformResult.self))
            let expected = SoupEntity.menu.map { soup in
                Content.entity(
                    EntityContent(
                        typeName: "SoupEntity", identifier: soup.id, displayTitle: soup.name, subtitle: "$\(soup.price)",
                        properties: ["name": .text(soup.name), "price": .number(soup.price)]))
            }
            #expect(result.value == .list(expected))
        }
    }

    /// `requestChoice` (iOS/macOS 26): each call stops `perform()` with the options (cancel last,
    /// each valued by its place in the intent's list) until the host's `choices` answer it, in
    /// order; the cancel option cancels; an answer out of range is a failure that says so.
    @Test func requestChoiceAsksUntilEachChoiceIsAnswered() async throws {
        try await withServer { server in
            let _: ExtensionProtocol.InitializeResult = try await server.call(
                ExtensionProtocol.Method.initialize, ExtensionProtocol.InitializeParams(choiceOutcomes: true))
            func perform(_ choices: [Int]) async throws -> ExtensionProtocol.PerformResult {
                try await server.call(
                    ExtensionProtocol.Method.perform,
                    ExtensionProtocol.PerformParams(intent: "TidyNoteIntent", parameters: [:], isInteractive: true, choices: choices))
            }
            let first = try await perform([])
            #expect(first.outcome == .choice)
            #expect(first.dialog == "Archive or delete the note?")
            #expect(first.options?.map(\.title) == ["Archive", "Delete", "Cancel"])
            #expect(first.options?.map(\.value) == [.number(1), .number(2), .number(0)])
            #expect(first.options?.map(\.subtitle) == [nil, "destructive", nil])
            let second = try await perform([2])
            #expect(second.outcome == .choice && second.dialog == nil)
            #expect(second.options?.map(\.title) == ["Now", "Tonight"])
            let done = try await perform([2, 1])
            #expect(done.outcome == .success && done.value == .text("deleted tonight"))
            #expect(try await perform([1, 0]).value == .text("archived now"))
            let cancelled = try await perform([0])
            #expect(cancelled.outcome == .cancelled)
            let wrong = try await perform([7])
            #expect(wrong.outcome == .failure)
            #expect(wrong.message?.contains("the host chose option 8 of 3") == true, "\(String(describing: wrong.message))")
        }
    }

    /// A host from before the choice outcomes (it doesn't say it handles them in `initialize`)
    /// gets failures that say why, never an outcome it can't read.
    @Test func aHostThatDoesntHandleChoicesGetsFailures() async throws {
        try await withServer { server in
            let _: ExtensionProtocol.InitializeResult = try await server.call(
                ExtensionProtocol.Method.initialize, ExtensionProtocol.InitializeParams())
            let asked: ExtensionProtocol.PerformResult = try await server.call(
                ExtensionProtocol.Method.perform,
                ExtensionProtocol.PerformParams(intent: "TidyNoteIntent", parameters: [:], isInteractive: true))
            #expect(asked.outcome == .failure)
            #expect(
                asked.message == "the intent needs a choice among 3 options, which this version of shortcuts can't ask; update shortcuts")
            let cancelled: ExtensionProtocol.PerformResult = try await server.call(
                ExtensionProtocol.Method.perform,
                ExtensionProtocol.PerformParams(intent: "TidyNoteIntent", parameters: [:], isInteractive: true, choices: [0]))
            #expect(cancelled.outcome == .failure && cancelled.message == "the request was cancelled")
        }
    }

    /// A `TransientAppEntity` an intent returns carries its properties; given to another intent
    /// it is made with `init()` and populated from them (no query is asked); a value that isn't
    /// one, a property the type lacks and a value of the wrong type are refused, naming what.
    @Test func aTransientEntityIsMadeFromTheValuesItCarries() async throws {
        try await withServer { server in
            let made = try await server.perform("GetWeatherReportIntent", [:])
            guard case .entity(let report)? = made.value else {
                Issue.record("not an entity: \(String(describing: made.value))")
                return
            }
            #expect(report.typeName == "WeatherReport" && report.displayTitle == "Sunny, 21.5°")
            #expect(report.properties == ["temperature": .number(21.5), "summary": .text("Sunny")])
            #expect(UUID(uuidString: report.identifier) != nil)

            let described = try await server.perform("DescribeWeatherIntent", ["report": .entity(report)])
            #expect(described.outcome == .success && described.value == .text("Sunny at 21.5°"))

            var windy = report
            windy.properties["wind"] = .number(3)
            let unknown = try await server.perform("DescribeWeatherIntent", ["report": .entity(windy)])
            #expect(unknown.outcome == .unsupported && unknown.parameter == "report")
            #expect(unknown.message == "Weather Report has no property “wind” (it has: temperature, summary)")
            var wrong = report
            wrong.properties["temperature"] = .text("warm")
            let mistyped = try await server.perform("DescribeWeatherIntent", ["report": .entity(wrong)])
            #expect(mistyped.outcome == .unsupported)
            #expect(
                mistyped.message?.hasPrefix("the property “temperature”: expected a number") == true,
                "\(String(describing: mistyped.message))")
            let text = try await server.perform("DescribeWeatherIntent", ["report": .text("sunny")])
            #expect(text.outcome == .unsupported)
            // Another type's entity, or one without a required property, is refused, not made half.
            var other = report
            other.typeName = "ForecastReport"
            let foreign = try await server.perform("DescribeWeatherIntent", ["report": .entity(other)])
            #expect(
                foreign.outcome == .unsupported
                    && foreign.message == "a Weather Report can't be made from a ForecastReport (“Sunny, 21.5°”)")
            var partial = report
            partial.properties["summary"] = nil
            let missing = try await server.perform("DescribeWeatherIntent", ["report": .entity(partial)])
            #expect(missing.outcome == .unsupported && missing.message == "the property “summary” has no value")
        }
        let manifest = try await WeatherApp.manifest(executable: "/opt/weather/bin/weather")
        let entity = try #require(manifest.entities.first { $0.name == "WeatherReport" })
        #expect(entity.properties.map(\.name) == ["temperature", "summary"])
    }

    /// The host's cancellation of a request reaches the intent's task as Apple's does: its
    /// `Task.sleep` throws `CancellationError` and `Task.isCancelled` holds; the answer comes at
    /// once and the server goes on. A cancellation for another request, or one that comes late,
    /// changes nothing.
    @Test func aCancelledRequestCancelsTheIntentsTask() async throws {
        try await withServer { server in
            let perform =
                #"{"jsonrpc": "2.0", "id": 7, "method": "intent.perform", "params": {"intent": "NapIntent", "parameters": {}, "confirmed": false, "confirmedParameters": [], "isInteractive": false}}"#
            try server.host.writeLine(Data(perform.utf8))
            try await Task.sleep(for: .milliseconds(50))
            try server.host.writeLine(Data(#"{"jsonrpc": "2.0", "method": "request.cancel", "params": {"id": 6}}"#.utf8))
            let started = ContinuousClock.now
            try server.host.writeLine(Data(#"{"jsonrpc": "2.0", "method": "request.cancel", "params": {"id": 7}}"#.utf8))
            let answer = try server.host.readLine(timeout: 10)
            let waited = ContinuousClock.now - started
            let response = try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])
            #expect(response["id"] as? Int == 7)
            let value = (response["result"] as? [String: Any])?["value"] as? [String: Any]
            #expect(value?["text"] as? String == "woken: true", "\(response)")
            #expect(waited < .milliseconds(100), "answered \(waited) after the cancellation")
            // A late cancellation is dropped; the next request is answered.
            try server.host.writeLine(Data(#"{"jsonrpc": "2.0", "method": "request.cancel", "params": {"id": 7}}"#.utf8))
            let result: ExtensionProtocol.InitializeResult = try await server.call(
                ExtensionProtocol.Method.initialize, ExtensionProtocol.InitializeParams())
            #expect(result.bundleIdentifier == "com.example.Soup")
        }
    }

    @Test func performsWithEveryValue() async throws {
        try await withServer { server in
            let result = try await server.perform(
                "OrderSoupIntent", ["soup": .text("clam"), "quantity": .number(2), "size": .text("Large")])
            #expect(result.outcome == .success)
            #expect(result.value == .text("2 × Clam Chowder (large)"))
            #expect(result.dialog == "Ordered 2 × Clam Chowder (large).")
            #expect(result.opensApp == nil)
        }
    }

    @Test func aMissingRequiredValueNeedsOneWithItsDialog() async throws {
        try await withServer { server in
            let missing = try await server.perform("OrderSoupIntent", ["soup": .text("clam")])
            #expect(missing.outcome == .needsValue)
            #expect(missing.parameter == "quantity")
            #expect(missing.dialog == "What’s the quantity?")

            let fromPerform = try await server.perform("GreetIntent", [:])
            #expect(fromPerform.outcome == .needsValue)
            #expect(fromPerform.parameter == "name")
            #expect(fromPerform.dialog == "Who should I greet?")
            let answered = try await server.perform("GreetIntent", ["name": .text("Ada")])
            #expect(answered.outcome == .success && answered.dialog == "Hello, Ada!")
        }
    }

    @Test func valuesOutsideTheRangeOrNotOfTheTypeAreUnsupported() async throws {
        try await withServer { server in
            let tooMany = try await server.perform("OrderSoupIntent", ["soup": .text("clam"), "quantity": .number(11)])
            #expect(tooMany.outcome == .unsupported && tooMany.parameter == "quantity")
            #expect(tooMany.message == "Quantity must be between 1 and 10; 11 is outside")
            let size = try await server.perform("OrderSoupIntent", ["soup": .text("clam"), "quantity": .number(1), "size": .text("huge")])
            #expect(size.outcome == .unsupported)
            #expect(size.message == "“huge” is not one of Small, Medium, Large")
            let noSoup = try await server.perform("OrderSoupIntent", ["soup": .text("gazpacho"), "quantity": .number(1)])
            #expect(noSoup.outcome == .unsupported && noSoup.message == "no Soup matches “gazpacho”")
        }
    }

    @Test func textMatchingSeveralEntitiesIsDisambiguatedThenPerformedWithTheChoice() async throws {
        try await withServer { server in
            let ambiguous = try await server.perform("OrderSoupIntent", ["soup": .text("tomato soup"), "quantity": .number(1)])
            #expect(ambiguous.outcome == .success)
            let choose = try await server.perform("OrderSoupIntent", ["soup": .text("Tomato"), "quantity": .number(1)])
            #expect(choose.outcome == .disambiguation && choose.parameter == "soup")
            let options = try #require(choose.options)
            #expect(options.map(\.title) == ["Tomato Soup", "Tomato Basil"])
            #expect(options.map(\.subtitle) == ["$4.5", "$5.0"])
            let chosen = try await server.perform("OrderSoupIntent", ["soup": options[1].value, "quantity": .number(1)])
            #expect(chosen.outcome == .success && chosen.value == .text("1 × Tomato Basil (medium)"))
        }
    }

    @Test func requestDisambiguationAndConfirmationFromPerform() async throws {
        try await withServer { server in
            let first = try await server.perform("PickSoupIntent", [:])
            #expect(first.outcome == .disambiguation && first.dialog == "Which tomato soup?")
            let choice = try #require(first.options?.last?.value)
            let second = try await server.perform("PickSoupIntent", ["soup": choice])
            #expect(second.outcome == .confirmationRequired && second.parameter == nil)
            #expect(second.dialog == "Order Tomato Basil?")
            let done = try await server.perform("PickSoupIntent", ["soup": choice], confirmed: true)
            #expect(done.outcome == .success)
            #expect(done.opensApp == true)
            guard case .entity(let entity)? = done.value else {
                Issue.record("expected an entity, got \(String(describing: done.value))"); return
            }
            #expect(entity.typeName == "SoupEntity" && entity.identifier == "tomato-basil" && entity.displayTitle == "Tomato Basil")
            #expect(entity.properties["name"] == .text("Tomato Basil") && entity.properties["price"] == .number(5))
        }
    }

    @Test func restartPerformRunsPerformAgain() async throws {
        try await withServer { server in
            let result = try await server.perform("RestartingIntent", [:])
            #expect(result.outcome == .success && result.value == .number(2))
        }
    }

    @Test func thrownErrorsFailWithTheirMessage() async throws {
        try await withServer { server in
            let failed = try await server.perform("RefuseIntent", ["reason": .text("Not today.")])
            #expect(failed.outcome == .failure && failed.message == "Not today.")
        }
    }

    @Test func queriesEntitiesAndListsOptions() async throws {
        try await withServer { server in
            let byText: ExtensionProtocol.QueryResult = try await server.call(
                ExtensionProtocol.Method.queryEntities, ExtensionProtocol.QueryParams(entityType: "SoupEntity", matching: "chowder"))
            #expect(byText.entities.map(\.text) == ["Clam Chowder"])
            let byID: ExtensionProtocol.QueryResult = try await server.call(
                ExtensionProtocol.Method.queryEntities, ExtensionProtocol.QueryParams(entityType: "SoupEntity", identifiers: ["tomato"]))
            #expect(byID.entities.count == 1)
            let sizes: ExtensionProtocol.OptionsResult = try await server.call(
                ExtensionProtocol.Method.listOptions, ExtensionProtocol.OptionsParams(intent: "OrderSoupIntent", parameter: "size"))
            #expect(sizes.options.map(\.title) == ["Small", "Medium", "Large"])
            #expect(sizes.options.map(\.value) == [.text("small"), .text("medium"), .text("large")])
            let soups: ExtensionProtocol.OptionsResult = try await server.call(
                ExtensionProtocol.Method.listOptions,
                ExtensionProtocol.OptionsParams(intent: "OrderSoupIntent", parameter: "soup", searchTerm: "tomato"))
            #expect(soups.options.map(\.title) == ["Tomato Soup", "Tomato Basil"])
        }
    }

    @Test func protocolErrorsAreAnsweredAndServingGoesOn() async throws {
        try await withServer { server in
            let unknown = try await server.exchange(#"{"jsonrpc":"2.0","id":7,"method":"intent.fly","params":{}}"#)
            #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)
            #expect(unknown["id"] as? Int == 7)
            let malformed = try await server.exchange("{not json")
            #expect((malformed["error"] as? [String: Any])?["code"] as? Int == -32700)
            let badParams = try await server.exchange(#"{"jsonrpc":"2.0","id":8,"method":"intent.perform","params":{"intent":3}}"#)
            #expect((badParams["error"] as? [String: Any])?["code"] as? Int == -32602)
            await #expect(throws: JSONRPC.ErrorObject.self) { try await server.perform("NoSuchIntent", [:]) }
            await #expect(throws: JSONRPC.ErrorObject.self) { try await server.perform("GreetIntent", ["nickname": .text("x")]) }
            let still = try await server.perform("GreetIntent", ["name": .text("Bo")])
            #expect(still.outcome == .success)
        }
    }
}

/// Returns the whole menu: a list of entities of one type.
struct ListSoupsIntent: AppIntent {
    static let title: LocalizedStringResource = "List Soups"

    func perform() async throws -> some IntentResult & ReturnsValue<[SoupEntity]> { .result(value: SoupEntity.menu) }
}

/// Asks twice while it performs, as Apple's sample for `requestChoice` does: what to do, then when.
struct TidyNoteIntent: AppIntent {
    static let title: LocalizedStringResource = "Tidy Note"

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        let archive = IntentChoiceOption(title: "Archive")
        let delete = IntentChoiceOption(title: "Delete", style: .destructive)
        let what = try await requestChoice(between: [.cancel, archive, delete], dialog: "Archive or delete the note?")
        let when = try await requestChoice(between: [Option(title: "Now"), Option(title: "Tonight")])
        switch what {
        case delete: return .result(value: "deleted \(String(localized: when.title).lowercased())")
        default: return .result(value: "archived \(String(localized: when.title).lowercased())")
        }
    }
}

/// A value made by an intent, not found by a query (Apple's `TransientAppEntity`).
struct WeatherReport: TransientAppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Weather Report"
    @Property(title: "Temperature") var temperature: Double
    @Property(title: "Summary") var summary: String
    var displayRepresentation: DisplayRepresentation { "\(summary), \(temperature)°" }
    init() {}
}

struct DescribeWeatherIntent: AppIntent {
    static let title: LocalizedStringResource = "Describe Weather"
    @Parameter(title: "Report") var report: WeatherReport

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        .result(value: "\(report.summary) at \(report.temperature)°")
    }
}

struct GetWeatherReportIntent: AppIntent {
    static let title: LocalizedStringResource = "Get Weather Report"

    func perform() async throws -> some IntentResult & ReturnsValue<WeatherReport> {
        let report = WeatherReport()
        report.temperature = 21.5
        report.summary = "Sunny"
        return .result(value: report)
    }
}

/// An app of the two weather intents, for its manifest.
struct WeatherApp: IntentsApplication {
    static let bundleIdentifier = "com.example.Weather"
    static let name = "Weather"
    static let intents: [any AppIntent.Type] = [GetWeatherReportIntent.self, DescribeWeatherIntent.self]
    static func run(arguments: [String]) async throws {}
}
