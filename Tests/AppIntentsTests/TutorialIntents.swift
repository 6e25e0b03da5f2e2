import AppIntents
import Foundation
import Synchronization

// Intents written the way Apple's App Intents tutorials and sample code write them (with
// `static let` where Swift 6 refuses a mutable `static var`), compiled against this module.

/// An app enum with case display representations.
enum SoupSize: String, AppEnum {
    case small, medium, large

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Size"
    static let caseDisplayRepresentations: [SoupSize: DisplayRepresentation] = [
        .small: "Small", .medium: "Medium", .large: DisplayRepresentation(title: "Large", subtitle: "For two"),
    ]
}

/// An app entity with properties and a query that searches by text.
struct SoupEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = TypeDisplayRepresentation(name: "Soup")
    static let defaultQuery = SoupQuery()

    let id: String
    @Property(title: "Name") var name: String
    @Property(title: "Price") var price: Double

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)", subtitle: "$\(price)")
    }

    init(id: String, name: String, price: Double) {
        self.id = id
        self.name = name
        self.price = price
    }

    static let menu = [
        SoupEntity(id: "tomato", name: "Tomato Soup", price: 4.5),
        SoupEntity(id: "tomato-basil", name: "Tomato Basil", price: 5),
        SoupEntity(id: "clam", name: "Clam Chowder", price: 6),
    ]
}

struct SoupQuery: EntityStringQuery {
    func entities(for identifiers: [SoupEntity.ID]) async throws -> [SoupEntity] {
        SoupEntity.menu.filter { identifiers.contains($0.id) }
    }

    func entities(matching string: String) async throws -> [SoupEntity] {
        SoupEntity.menu.filter { $0.name.localizedCaseInsensitiveContains(string) }
    }

    func suggestedEntities() async throws -> [SoupEntity] { SoupEntity.menu }
}

/// Returns a value and a dialog, with an entity, a bounded number and an enum with a default.
struct OrderSoupIntent: AppIntent {
    static let title: LocalizedStringResource = "Order Soup"
    static let description = IntentDescription("Orders soup.", categoryName: "Ordering", searchKeywords: ["lunch"])

    @Parameter(title: "Soup") var soup: SoupEntity
    @Parameter(title: "Quantity", inclusiveRange: (1, 10)) var quantity: Int
    @Parameter(title: "Size", default: .medium) var size: SoupSize
    @Parameter(title: "Note", inputOptions: String.IntentInputOptions(multiline: true)) var note: String?

    static var parameterSummary: some ParameterSummary {
        Summary("Order \(\.$quantity) \(\.$soup)") {
            \.$size
            \.$note
        }
    }

    func perform() async throws -> some IntentResult & ReturnsValue<String> & ProvidesDialog {
        let order = "\(quantity) × \(soup.name) (\(size.rawValue))"
        return .result(value: order, dialog: "Ordered \(order).")
    }
}

/// Asks for a value from perform() with needsValueError.
struct GreetIntent: AppIntent {
    static var title: LocalizedStringResource { "Greet" }

    @Parameter(title: "Name") var name: String?

    func perform() async throws -> some IntentResult & ProvidesDialog {
        guard let name else { throw $name.needsValueError("Who should I greet?") }
        return .result(dialog: "Hello, \(name)!")
    }
}

/// Chooses among entities with requestDisambiguation, then asks for confirmation.
struct PickSoupIntent: AppIntent {
    static let title: LocalizedStringResource = "Pick Soup"
    static let supportedModes: IntentModes = .foreground(.deferred)

    @Parameter(title: "Soup", requestValueDialog: "Which soup would you like?") var soup: SoupEntity?

    func perform() async throws -> some IntentResult & ReturnsValue<SoupEntity> {
        let tomatoes = SoupEntity.menu.filter { $0.name.hasPrefix("Tomato") }
        let chosen = try await $soup.requestDisambiguation(among: tomatoes, dialog: "Which tomato soup?")
        try await requestConfirmation(dialog: "Order \(chosen.name)?")
        return .result(value: chosen)
    }
}

/// Fails with a message people see.
struct RefuseIntent: AppIntent {
    static let title: LocalizedStringResource = "Refuse"

    struct Refusal: LocalizedError {
        var reason: String
        var errorDescription: String? { reason }
    }

    @Parameter(title: "Reason") var reason: String?

    func perform() async throws -> some IntentResult {
        if let reason { throw Refusal(reason: reason) }
        return .result()
    }
}

/// An intent with every plain value type, for the manifest's type mapping.
struct AllTypesIntent: AppIntent {
    static let title: LocalizedStringResource = "All Types"

    @Parameter(title: "Flag", default: true) var flag: Bool
    @Parameter(title: "Ratio", inclusiveRange: (0.0, 1.0)) var ratio: Double?
    @Parameter(title: "When") var when: DateComponents?
    @Parameter(title: "Link") var link: URL?
    @Parameter(title: "Files", supportedTypeIdentifiers: ["public.image"]) var files: [IntentFile]
    @Parameter(title: "Sizes") var sizes: [SoupSize]?

    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        .result(value: files.count)
    }
}

struct SoupShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: OrderSoupIntent(), phrases: ["Order \(\.$soup) in \(.applicationName)", "Order soup with \(.applicationName)"],
            shortTitle: "Order Soup", systemImageName: "cup.and.saucer")
        AppShortcut(intent: GreetIntent(), phrases: ["Greet someone with \(.applicationName)"])
    }
}

struct BadShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: GreetIntent(), phrases: ["Say hello", "Greet with \(.applicationName) in \(.applicationName)"],
            shortTitle: "Greet", systemImageName: "hand.wave")
    }
}

struct SoupApp: IntentsApplication {
    static let bundleIdentifier = "com.example.Soup"
    static let name = "Soup"
    static let intents: [any AppIntent.Type] = [
        OrderSoupIntent.self, GreetIntent.self, PickSoupIntent.self, RefuseIntent.self, AllTypesIntent.self,
    ]
    static let appShortcuts: (any AppShortcutsProvider.Type)? = SoupShortcuts.self
    static func run(arguments: [String]) async throws {}
}

struct BadSoupApp: IntentsApplication {
    static let bundleIdentifier = "com.example.BadSoup"
    static let name = "BadSoup"
    static let intents: [any AppIntent.Type] = [GreetIntent.self]
    static let appShortcuts: (any AppShortcutsProvider.Type)? = BadShortcuts.self
    static func run(arguments: [String]) async throws {}
}

/// Asks to be performed again once, then succeeds with the number of attempts.
struct RestartingIntent: AppIntent {
    static let title: LocalizedStringResource = "Restarting"
    static let attempts = Mutex(0)

    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        let attempt = Self.attempts.withLock { count in
            count += 1
            return count
        }
        if attempt == 1 { throw AppIntentError.restartPerform }
        return .result(value: attempt)
    }
}

/// Sleeps for half a minute unless its task is cancelled; says whether it saw the cancellation.
struct NapIntent: AppIntent {
    static let title: LocalizedStringResource = "Nap"

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        do {
            try await Task.sleep(for: .seconds(30))
        } catch is CancellationError {
            return .result(value: "woken: \(Task.isCancelled)")
        }
        return .result(value: "slept")
    }
}
