import Synchronization

/// Where an app's intents find the objects they depend on (a data store, a client), registered
/// once when the app starts and looked up by type, or by a key, when an intent first reads its
/// `@Dependency` property.
///
/// ```swift
/// // When the app starts (before IntentsApplication.main serves intents):
/// AppDependencyManager.shared.add(dependency: TaskDatabase())
///
/// struct CountTasksIntent: AppIntent {
///     @Dependency var database: TaskDatabase
///     func perform() async throws -> some IntentResult & ReturnsValue<Int> { .result(value: database.count) }
/// }
/// ```
///
/// As on Apple's systems, the dependency is made the first time it is needed and kept; reading
/// one that was never registered stops the process with a message naming its type (the host
/// reports the app's extension exiting with that message).
public final class AppDependencyManager: Sendable {
    /// The manager `@Dependency` properties use unless given another.
    public static let shared = AppDependencyManager()

    /// A registration: how to make the value, and the value once made.
    private final class Entry: @unchecked Sendable {
        // Unchecked `Sendable`: `make` is called only under `made`'s lock.
        private let make: () throws -> any Sendable
        private let made = Mutex<(any Sendable)?>(nil)

        init(_ make: @escaping () throws -> any Sendable) { self.make = make }

        func value() throws -> any Sendable {
            try made.withLock { made in
                if let made { return made }
                let value = try make()
                made = value
                return value
            }
        }
    }

    /// By ``name(of:)``: `AnyHashable` isn't `Sendable`, its description with its type is.
    private let entries = Mutex<[String: Entry]>([:])

    /// Can be used to make a standalone manager for dependency injection in tests.
    public init() {}

    /// Registers a dependency, made when first needed; `key` defaults to its type.
    public func add<Dependency: Sendable>(key: AnyHashable? = nil, dependency: @autoclosure @escaping () -> Dependency) {
        register(Self.name(of: key, Dependency.self)) { dependency() }
    }

    /// Registers a dependency whose making may fail; the failure stops the intent that needs it.
    public func add<Dependency: Sendable>(
        key: AnyHashable? = nil, dependency: @autoclosure @escaping () -> @Sendable () throws -> Dependency
    ) {
        let provider = dependency()
        register(Self.name(of: key, Dependency.self)) { try provider() }
    }

    private func register(_ name: String, _ make: @escaping () throws -> any Sendable) {
        let entry = Entry(make)
        entries.withLock { $0[name] = entry }
    }

    /// The dependency for a key (its type when `nil`), or nil when none was registered.
    func resolve<Value: Sendable>(_ type: Value.Type, key: AnyHashable?) throws -> Value? {
        let name = Self.name(of: key, type)
        guard let entry = entries.withLock({ $0[name] }) else { return nil }
        return try entry.value() as? Value
    }

    /// A registration's name: its key with the key's type, or the value's type.
    static func name<Value>(of key: AnyHashable?, _ type: Value.Type) -> String {
        guard let key else { return "type \(String(reflecting: type))" }
        return "key \(String(reflecting: Swift.type(of: key.base))) \(String(reflecting: key.base))"
    }
}

/// `@Dependency` (`@AppDependency`): a property whose value the app registered with an
/// ``AppDependencyManager``, resolved the first time it is read.
@propertyWrapper
public final class AppDependency<Value: Sendable>: @unchecked Sendable {
    // Unchecked `Sendable`: `fallback` is called only under `resolved`'s lock.
    private let key: AnyHashable?
    private let manager: AppDependencyManager
    private let fallback: (() -> Value)?
    private let resolved = Mutex<Value?>(nil)

    public convenience init(key: AnyHashable? = nil, manager: AppDependencyManager = .shared) {
        self.init(key: key, manager: manager, fallback: nil)
    }

    /// With a value to use when none is registered.
    public convenience init(
        key: AnyHashable? = nil, manager: AppDependencyManager = .shared, default defaultValue: @autoclosure @escaping () -> Value
    ) {
        self.init(key: key, manager: manager, fallback: defaultValue)
    }

    private init(key: AnyHashable?, manager: AppDependencyManager, fallback: (() -> Value)?) {
        self.key = key
        self.manager = manager
        self.fallback = fallback
    }

    public var wrappedValue: Value {
        resolved.withLock { resolved in
            if let resolved { return resolved }
            let value: Value
            do {
                guard let found = try manager.resolve(Value.self, key: key) ?? fallback?() else {
                    fatalError(
                        "the app dependency \(key.map { "“\($0)” of type " } ?? "of type ")\(Value.self) was read before it was "
                            + "registered: call AppDependencyManager.shared.add(dependency:) when the app starts")
                }
                value = found
            } catch {
                fatalError("the app dependency of type \(Value.self) could not be made: \(error)")
            }
            resolved = value
            return value
        }
    }

    public var projectedValue: AppDependency<Value> { self }
}

/// `@Dependency var store: TaskStore`, in an intent, a query or anything else of the app's.
public typealias Dependency<Value: Sendable> = AppDependency<Value>
