import AppIntents
import ShortcutsContent
import ShortcutsRPC
import Testing

/// `@IntentParameterDependency` as Apple's sample uses it: a query whose matches depend on the
/// quantity already chosen, through the real server's `options.list` and `intent.perform`.
struct ParameterDependencyTests {
    @Test func optionsAndMatchesDependOnTheIntentsOtherValues() async throws {
        try await ServerHarness.with([OrderPieIntent.self]) { server in
            func options(_ parameters: [String: Content]?) async throws -> [String] {
                let result: ExtensionProtocol.OptionsResult = try await server.call(
                    ExtensionProtocol.Method.listOptions,
                    ExtensionProtocol.OptionsParams(intent: "OrderPieIntent", parameter: "pie", parameters: parameters))
                return result.options.map(\.title)
            }
            #expect(try await options(["quantity": .number(5)]) == ["Cherry"])
            #expect(try await options(["quantity": .number(2)]) == ["Apple", "Cherry"])
            // No values sent (an older host): the quantity's default, 1.
            #expect(try await options(nil) == ["Apple", "Cherry", "Lemon"])

            let enough = try await server.perform("OrderPieIntent", ["quantity": .number(2), "pie": .text("apple")])
            #expect(enough.outcome == .success && enough.value == .text("2 × Apple"))
            let tooMany = try await server.perform("OrderPieIntent", ["quantity": .number(5), "pie": .text("apple")])
            #expect(tooMany.outcome == .unsupported && tooMany.parameter == "pie" && tooMany.message == "no Pie matches “apple”")
        }
        // Outside the intent's filling in there is nothing to depend on.
        #expect(PieQuery().order == nil)
    }
}

struct PieEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Pie"
    static let defaultQuery = PieQuery()
    static let all = [
        PieEntity(id: "apple", name: "Apple", stock: 3), PieEntity(id: "cherry", name: "Cherry", stock: 9),
        PieEntity(id: "lemon", name: "Lemon", stock: 1),
    ]

    let id: String
    @Property(title: "Name") var name: String
    let stock: Int

    var displayRepresentation: DisplayRepresentation { "\(name)" }

    init(id: String, name: String, stock: Int) {
        self.id = id
        self.stock = stock
        self.name = name
    }
}

/// Pies in stock for the quantity being ordered.
struct PieQuery: EntityStringQuery {
    @IntentParameterDependency<OrderPieIntent>(\.$quantity) var order

    private var available: [PieEntity] {
        guard let order else { return PieEntity.all }
        return PieEntity.all.filter { $0.stock >= order.quantity }
    }

    func entities(for identifiers: [String]) async throws -> [PieEntity] { available.filter { identifiers.contains($0.id) } }
    func entities(matching string: String) async throws -> [PieEntity] {
        available.filter { $0.name.localizedCaseInsensitiveContains(string) }
    }
    func suggestedEntities() async throws -> [PieEntity] { available }
}

struct OrderPieIntent: AppIntent {
    static let title: LocalizedStringResource = "Order Pie"
    @Parameter(title: "Quantity", default: 1) var quantity: Int
    @Parameter(title: "Pie") var pie: PieEntity

    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: "\(quantity) × \(pie.name)") }
}
