import AppIntents
import Foundation

/// The app the benchmarks call: an intent that does nothing and one that returns a list of
/// entities, so what is measured is the host, the protocol and the SDK, not an app's work.
@main
struct BenchmarkApp: IntentsApplication {
    static let bundleIdentifier = "org.swiftshortcuts.BenchmarkApp"
    static let name = "BenchmarkApp"
    static let intents: [any AppIntent.Type] = [DoNothingIntent.self, ListItemsIntent.self]

    static func run(arguments: [String]) async throws {
        try FileHandle.standardOutput.write(contentsOf: Data("usage: benchmarkapp --print-manifest | --serve-intents\n".utf8))
    }
}

/// Returns at once.
struct DoNothingIntent: AppIntent {
    static let title: LocalizedStringResource = "Do Nothing"

    func perform() async throws -> some IntentResult { .result() }
}

/// Returns `count` items (100 unless told).
struct ListItemsIntent: AppIntent {
    static let title: LocalizedStringResource = "List Items"

    @Parameter(title: "Count", default: 100) var count: Int

    func perform() async throws -> some IntentResult & ReturnsValue<[ItemEntity]> {
        .result(value: (0..<max(0, count)).map(ItemEntity.init))
    }
}

/// One listed item: a title and a number, as a typical app entity has a few properties.
struct ItemEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Item"
    static let defaultQuery = ItemQuery()

    let id: String
    @Property(title: "Title") var title: String
    @Property(title: "Number") var number: Int

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(title)") }

    init(_ number: Int) {
        id = "item-\(number)"
        title = "Item \(number)"
        self.number = number
    }
}

/// Items by identifier (`item-N`); the first ten are suggested.
struct ItemQuery: EntityQuery {
    func entities(for identifiers: [ItemEntity.ID]) async throws -> [ItemEntity] {
        identifiers.compactMap { identifier in Int(identifier.dropFirst("item-".count)).map(ItemEntity.init) }
    }

    func suggestedEntities() async throws -> [ItemEntity] { (0..<10).map(ItemEntity.init) }
}
