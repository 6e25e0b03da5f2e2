/// An intent that stands for something the system does for many apps (Apple's, iOS 16): starting
/// a workout, recording audio. Here each is an ordinary action of its app, performed as any other.
public protocol SystemIntent: AppIntent {}

/// Starts a workout of a style (Apple's, iOS 16 / watchOS 9), which Apple's Action button and Siri
/// offer among `suggestedWorkouts`.
///
/// ```swift
/// struct StartRunIntent: StartWorkoutIntent {
///     static let title: LocalizedStringResource = "Start Run"
///     @Parameter(title: "Style") var workoutStyle: RunStyle
///     static var suggestedWorkouts: [StartRunIntent] { RunStyle.allCases.map { StartRunIntent(style: $0) } }
///     var displayRepresentation: DisplayRepresentation { "\(workoutStyle)" }
///     func perform() async throws -> some IntentResult { … }
/// }
/// ```
///
/// Linux has neither: the intent is an action of its app, and `suggestedWorkouts` is read only by
/// code that asks for it.
public protocol StartWorkoutIntent: SystemIntent {
    /// What kind of workout: the app's own enumeration or entity.
    associatedtype WorkoutStyle: _IntentValue
    var workoutStyle: WorkoutStyle { get set }
    /// The workouts to offer, each an intent with its style set.
    static var suggestedWorkouts: [Self] { get }
    /// How this workout shows.
    var displayRepresentation: DisplayRepresentation { get }
}

extension StartWorkoutIntent {
    /// The intent with a style set.
    public init(style: WorkoutStyle) {
        self.init()
        workoutStyle = style
    }

    /// Tells the system `suggestedWorkouts` changed; nothing keeps them on Linux, so nothing to redo.
    public static func invalidateSuggestedWorkouts() {}
}

/// Pauses the running workout (Apple's, iOS 16).
public protocol PauseWorkoutIntent: SystemIntent {}

/// Resumes the paused workout (Apple's, iOS 16).
public protocol ResumeWorkoutIntent: SystemIntent {}

/// Records audio (Apple's, iOS 18 / macOS 15): Apple's systems show that recording is going on.
/// Here it is an ordinary action; the desktop shows a microphone in use as it does for any program.
public protocol AudioRecordingIntent: SystemIntent {}

/// Intents, entities and queries that live in a Swift package or framework (Apple's, iOS 17 /
/// macOS 14): a package lists the packages it includes, and Apple's compiler gathers their
/// metadata into the app's. Here the app's manifest comes from the intents it lists
/// (``IntentsApplication/intents``), which may come from any package it imports; a package type
/// and its `includedPackages` compile, and list nothing themselves.
public protocol AppIntentsPackage {
    static var includedPackages: [any AppIntentsPackage.Type] { get }
}

extension AppIntentsPackage {
    public static var includedPackages: [any AppIntentsPackage.Type] { [] }
}

/// An intent whose change the person may undo from the app (Apple's, iOS/macOS 26): `perform()`
/// registers how to undo it with ``undoManager``; the app undoes it from its own interface, as
/// App Intents never call `undo()` themselves.
///
/// ```swift
/// struct DeleteTaskIntent: UndoableIntent {
///     func perform() async throws -> some IntentResult {
///         let removed = try store.delete(task.id)
///         await undoManager?.registerUndo(withTarget: store) { store in store.restore(removed) }
///         return .result()
///     }
/// }
/// ```
public protocol UndoableIntent: SystemIntent {}

extension UndoableIntent {
    /// The app's undo manager (``AppUndoManager/current``).
    @MainActor public var undoManager: UndoManager? { AppUndoManager.current }
}

/// The undo manager undoable intents register with: one for the process unless the app sets its
/// own (Apple's system finds "a suitable undo manager given the current state of your app"; on
/// Linux the app says which, here). Not in Apple's API.
@MainActor
public enum AppUndoManager {
    public static var current: UndoManager? = UndoManager()
}
