import AppIntents
import ShortcutsContent
import ShortcutsRPC
import Synchronization
import Testing

// Intent code in the style of Apple's App Intents samples (a trails app), written here, using
// the APIs issue 17 lists: @Dependency with AppDependencyManager, EnumerableEntityQuery,
// requestConfirmation() without a dialog, ForegroundContinuableIntent and the iOS 26
// foreground calls. It compiles with only `import AppIntents`, and runs through the real server.

/// The app's data, registered as a dependency when the app starts.
final class TrailDataManager: Sendable {
    let trails: [TrailEntity] = [
        TrailEntity(id: 1, name: "Ridge Loop", lengthKilometres: 7.5),
        TrailEntity(id: 2, name: "Lake Path", lengthKilometres: 3.2),
        TrailEntity(id: 3, name: "Summit Climb", lengthKilometres: 12),
    ]
    private let openedFavorites = Mutex(0)
    var favoritesShown: Int { openedFavorites.withLock { $0 } }
    @MainActor func showFavorites() { openedFavorites.withLock { $0 += 1 } }
}

struct TrailEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Trail"
    static let defaultQuery = TrailEntityQuery()

    let id: Int
    @Property(title: "Name") var name: String
    @Property(title: "Length") var lengthKilometres: Double

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }

    init(id: Int, name: String, lengthKilometres: Double) {
        self.id = id
        self.name = name
        self.lengthKilometres = lengthKilometres
    }
}

/// Every trail is known up front, so the query only lists them.
struct TrailEntityQuery: EnumerableEntityQuery {
    @Dependency var trailManager: TrailDataManager

    func allEntities() async throws -> [TrailEntity] { trailManager.trails }
}

struct GetTrailInfo: AppIntent {
    static let title: LocalizedStringResource = "Get Trail Information"

    @Parameter(title: "Trail") var trail: TrailEntity
    @Dependency private var trailManager: TrailDataManager

    func perform() async throws -> some IntentResult & ReturnsValue<String> & ProvidesDialog {
        let known = trailManager.trails.count
        return .result(value: "\(trail.name): \(trail.lengthKilometres) km", dialog: "\(trail.name) is one of \(known) trails.")
    }
}

struct ClearHikeHistory: AppIntent {
    static let title: LocalizedStringResource = "Clear Hike History"

    func perform() async throws -> some IntentResult & ProvidesDialog {
        try await requestConfirmation()
        return .result(dialog: "Cleared.")
    }
}

struct OpenFavoriteTrails: AppIntent {
    static let title: LocalizedStringResource = "Open Favorite Trails"
    @Dependency private var trailManager: TrailDataManager

    func perform() async throws -> some IntentResult {
        if trailManager.trails.isEmpty { return .result() }
        throw needsToContinueInForegroundError("Open the app to see your favorites.") {
            trailManager.showFavorites()
        }
    }
}

extension OpenFavoriteTrails: ForegroundContinuableIntent {}

struct StartHike: AppIntent, ForegroundContinuableIntent {
    static let title: LocalizedStringResource = "Start Hike"

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        let started = try await requestToContinueInForeground("Continue in the app?") { "tracking" }
        return .result(value: started)
    }
}

struct ShowMap: AppIntent {
    static let title: LocalizedStringResource = "Show Map"

    func perform() async throws -> some IntentResult {
        try await continueInForeground(alwaysConfirm: false)
        return .result()
    }
}

struct TrailConditionsWidgetIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Trail Conditions"
    @Parameter(title: "Trail") var trail: TrailEntity?

    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: trail?.name ?? "all trails") }
}

struct LogHikeIntent: CustomIntentMigratedAppIntent {
    static let intentClassName = "LogHikeIntent"
    static let title: LocalizedStringResource = "Log Hike"

    func perform() async throws -> some IntentResult & ProvidesDialog { .result(dialog: "Logged.") }
}

@Suite(.serialized) struct CompatibilityTests {
    static let manager = TrailDataManager()
    static let intents: [any AppIntent.Type] = [
        GetTrailInfo.self, ClearHikeHistory.self, OpenFavoriteTrails.self, StartHike.self, ShowMap.self, TrailConditionsWidgetIntent.self,
        LogHikeIntent.self,
    ]

    init() {
        AppDependencyManager.shared.add(dependency: Self.manager)
    }

    private func withServer(_ body: (ServerHarness) async throws -> Void) async throws {
        try await ServerHarness.with(Self.intents, bundleIdentifier: "com.example.Trails", body)
    }

    @Test func dependenciesAreInjectedIntoIntentsAndQueries() async throws {
        try await withServer { server in
            let result = try await server.perform("GetTrailInfo", ["trail": .text("2")])
            #expect(result.outcome == .success, "\(result.message ?? "")")
            #expect(result.value == .text("Lake Path: 3.2 km"))
            #expect(result.dialog == "Lake Path is one of 3 trails.")
        }
    }

    @Test func anEnumerableQueryFindsByIdentifierAndSuggestsEveryEntity() async throws {
        try await withServer { server in
            let suggested: ExtensionProtocol.QueryResult = try await server.call(
                ExtensionProtocol.Method.queryEntities, ExtensionProtocol.QueryParams(entityType: "TrailEntity", suggested: true))
            #expect(suggested.entities.map(\.text) == ["Ridge Loop", "Lake Path", "Summit Climb"])
            let found: ExtensionProtocol.QueryResult = try await server.call(
                ExtensionProtocol.Method.queryEntities, ExtensionProtocol.QueryParams(entityType: "TrailEntity", identifiers: ["3", "9"]))
            #expect(found.entities.map(\.text) == ["Summit Climb"])
        }
    }

    @Test func aManagerMadeForATestResolvesItsOwnDependencies() throws {
        let manager = AppDependencyManager()
        manager.add(key: "length", dependency: 42)
        let length = AppDependency<Int>(key: "length", manager: manager)
        #expect(length.wrappedValue == 42)
        let fallback = AppDependency<Int>(key: "missing", manager: manager, default: 7)
        #expect(fallback.wrappedValue == 7)
    }

    @Test func aConfirmationWithoutADialogAsksThenPerforms() async throws {
        try await withServer { server in
            let asked = try await server.perform("ClearHikeHistory", [:])
            #expect(asked.outcome == .confirmationRequired)
            #expect(asked.dialog == nil)
            let confirmed = try await server.perform("ClearHikeHistory", [:], confirmed: true)
            #expect(confirmed.outcome == .success && confirmed.dialog == "Cleared.")
        }
    }

    /// A widget's configuration intent and one migrated from SiriKit are ordinary actions here.
    @Test func widgetAndMigratedIntentsPerform() async throws {
        #expect(LogHikeIntent.intentClassName == "LogHikeIntent")
        try await withServer { server in
            let widget = try await server.perform("TrailConditionsWidgetIntent", ["trail": .text("1")])
            #expect(widget.outcome == .success && widget.value == .text("Ridge Loop"))
            let migrated = try await server.perform("LogHikeIntent", [:])
            #expect(migrated.outcome == .success && migrated.dialog == "Logged.")
        }
    }

    @Test func continuingInTheForegroundRunsTheContinuationAndOpensTheApp() async throws {
        try await withServer { server in
            let before = Self.manager.favoritesShown
            let favorites = try await server.perform("OpenFavoriteTrails", [:])
            #expect(favorites.outcome == .success)
            #expect(favorites.opensApp == true)
            #expect(favorites.dialog == "Open the app to see your favorites.")
            #expect(Self.manager.favoritesShown == before + 1)

            let hike = try await server.perform("StartHike", [:])
            #expect(hike.outcome == .success && hike.value == .text("tracking") && hike.opensApp == true)
            let map = try await server.perform("ShowMap", [:])
            #expect(map.outcome == .success && map.opensApp == true)
        }
    }
}
