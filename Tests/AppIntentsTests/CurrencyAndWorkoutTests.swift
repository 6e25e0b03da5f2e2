import AppIntents
import ShortcutsContent
import ShortcutsRPC
import Testing

/// Amounts of money, the Action button's follow-on intents, dialogs with symbols and the
/// workout intents, as Apple's App Intents write them, through the real server.
struct CurrencyAndWorkoutTests {
    static let intents: [any AppIntent.Type] = [ChargeIntent.self, StartRunIntent.self, PauseRunIntent.self]

    @Test func anAmountIsTextWithItsCurrencyAndReadsBack() async throws {
        try await ServerHarness.with(Self.intents) { server in
            for (given, expected) in [
                (Content.text("12.50 EUR"), "charged 12.5 EUR"), (.text("EUR 3"), "charged 3 EUR"), (.text("€7.25"), "charged 7.25 EUR"),
                (.text("$1,200"), "charged 1200 USD"), (.text("9 usd"), "charged 9 USD"), (.text("12,50 EUR"), "charged 12.5 EUR"),
                (.text("1.200,50 EUR"), "charged 1200.5 EUR"), (.text("1,200.50 USD"), "charged 1200.5 USD"),
            ] {
                let result = try await server.perform("ChargeIntent", ["price": given])
                #expect(result.outcome == .success && result.value == .text(expected), "\(given)")
                #expect(result.dialog == "Charged.")
            }
            let other = try await server.perform("ChargeIntent", ["price": .text("5 GBP")])
            #expect(other.outcome == .unsupported && other.parameter == "price")
            #expect(other.message == "Price takes amounts in EUR, USD; 5 GBP is in another currency")
            let unreadable = try await server.perform("ChargeIntent", ["price": .text("a lot")])
            #expect(unreadable.outcome == .unsupported && unreadable.parameter == "price")
        }
        #expect(IntentCurrencyAmount(amount: 12.5, currencyCode: "EUR").description == "12.5 EUR")
        #expect(IntentDialog(full: "Charged.", systemImageName: "creditcard").systemImageName == "creditcard")
    }

    @Test func aWorkoutIntentIsAnActionWithItsStyle() async throws {
        try await ServerHarness.with(Self.intents) { server in
            let started = try await server.perform("StartRunIntent", ["workoutStyle": .text("trail")])
            #expect(started.outcome == .success && started.value == .text("started a trail run"))
            #expect(try await server.perform("PauseRunIntent", [:]).value == .text("paused"))
        }
        #expect(StartRunIntent.suggestedWorkouts.map(\.workoutStyle) == [.road, .trail])
        #expect(StartRunIntent(style: .trail).displayRepresentation.title.key == "Trail run")
        StartRunIntent.invalidateSuggestedWorkouts()
    }
}

/// Takes an amount in euros or dollars; its result names the Action button's next intent.
struct ChargeIntent: AppIntent {
    static let title: LocalizedStringResource = "Charge"
    @Parameter(title: "Price", currencyCodes: ["EUR", "USD"]) var price: IntentCurrencyAmount

    func perform() async throws -> some IntentResult & ReturnsValue<String> & ProvidesDialog {
        .result(value: "charged \(price.amount) \(price.currencyCode)", actionButtonIntent: PauseRunIntent(), dialog: "Charged.")
    }
}

enum RunStyle: String, AppEnum {
    case road, trail
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Run"
    static let caseDisplayRepresentations: [RunStyle: DisplayRepresentation] = [.road: "Road", .trail: "Trail"]
}

/// Apple's workout intent, as its samples write one.
struct StartRunIntent: StartWorkoutIntent {
    static let title: LocalizedStringResource = "Start Run"
    @Parameter(title: "Style") var workoutStyle: RunStyle
    static var suggestedWorkouts: [StartRunIntent] { RunStyle.allCases.map { StartRunIntent(style: $0) } }
    var displayRepresentation: DisplayRepresentation { "\(workoutStyle.rawValue.capitalized) run" }

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        .result(value: "started a \(workoutStyle.rawValue) run")
    }
}

struct PauseRunIntent: PauseWorkoutIntent {
    static let title: LocalizedStringResource = "Pause Run"

    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: "paused") }
}

/// A widget's configuration intent with Apple's default `perform()`, and `\(placeholder:)` in a
/// type's count format, as Apple's samples write them.
struct WidgetAndPlaceholderTests {
    @Test func aWidgetConfigurationPerformsNothingAndPlaceholdersAreFormats() async throws {
        try await ServerHarness.with([PickCityIntent.self]) { server in
            let result = try await server.perform("PickCityIntent", ["city": .text("Lyon")])
            #expect(result.outcome == .success && result.value == nil && result.dialog == nil)
        }
        #expect(PickCityIntent.cities.numericFormat?.key == "%lld cities")
        let name = "Ada"
        let greeting: LocalizedStringResource = "Hello, \(name), \(3) tasks"
        #expect(greeting.key == "Hello, Ada, 3 tasks")
    }
}

/// Configures a weather widget; performing it does nothing (Apple's default).
struct PickCityIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Pick City"
    static let cities = TypeDisplayRepresentation(name: "City", numericFormat: "\(placeholder: .int) cities")
    @Parameter(title: "City") var city: String
}

/// Packages of intents as Apple's samples declare them.
struct TasksKitPackage: AppIntentsPackage {}

struct TasksAppPackage: AppIntentsPackage {
    static var includedPackages: [any AppIntentsPackage.Type] { [TasksKitPackage.self] }
}

struct AppIntentsPackageTests {
    @Test func packagesListWhatTheyInclude() {
        #expect(TasksAppPackage.includedPackages.count == 1 && TasksKitPackage.includedPackages.isEmpty)
    }
}

/// Measurements as parameters and results: a bare number in the parameter's unit, text with a
/// symbol in its own, negatives only where allowed.
struct MeasurementParameterTests {
    @Test func measurementsReadInTheirUnits() async throws {
        try await ServerHarness.with([LogRunIntent.self]) { server in
            func perform(_ values: [String: Content]) async throws -> ExtensionProtocol.PerformResult {
                try await server.perform("LogRunIntent", values)
            }
            let plain = try await perform(["distance": .number(5)])
            #expect(plain.outcome == .success && plain.value == .text("5000 m"), "\(String(describing: plain.value))")
            #expect(try await perform(["distance": .text("3 mi")]).value == .text("4828.02 m"))
            #expect(try await perform(["distance": .text("800m"), "low": .text("-5")]).dialog == "800 m at -5 °C.")
            let negative = try await perform(["distance": .text("-2 km")])
            #expect(negative.outcome == .unsupported && negative.parameter == "distance")
            #expect(negative.message == "Distance can't be negative; -2 km is")
            #expect(try await perform(["distance": .text("2 parsecs")]).outcome == .unsupported)
        }
    }
}

/// Logs a run, as a fitness app's intent would.
struct LogRunIntent: AppIntent {
    static let title: LocalizedStringResource = "Log Run"
    @Parameter(title: "Distance", defaultUnit: .kilometers) var distance: Measurement<UnitLength>
    @Parameter(title: "Low", unit: .celsius, supportsNegativeNumbers: true) var low: Measurement<UnitTemperature>?

    func perform() async throws -> some IntentResult & ReturnsValue<Measurement<UnitLength>> & ProvidesDialog {
        let meters = distance.converted(to: .meters)
        let temperature = low.map { " at \(MeasurementText(value: $0.value)) °C" } ?? ""
        return .result(value: meters, dialog: "\(MeasurementText(value: meters.value)) m\(temperature).")
    }

    /// A value without a fraction when it has none.
    private struct MeasurementText: CustomStringConvertible {
        let value: Double
        var description: String { value == value.rounded() ? String(Int(value)) : String(value) }
    }
}
