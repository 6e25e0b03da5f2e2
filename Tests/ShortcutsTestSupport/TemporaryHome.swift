import Foundation

/// A fresh temporary folder holding a `$SHORTCUTS_HOME` and XDG folders, removed when released,
/// so end-to-end tests never see each other's files or the user's.
public final class TemporaryHome: @unchecked Sendable {
    public let directory: URL
    /// `$SHORTCUTS_HOME`.
    public var home: String { directory.path + "/home" }
    /// Where the SouperTask example keeps its tasks.
    public var taskData: String { directory.path + "/soupertask" }
    /// Variables added to (or overriding) the environment of processes run here.
    public var extraEnvironment: [String: String] = [:]

    public init(prefix: String = "shortcuts-test") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// This process's environment pointed at the temporary folders (the runtime folder too, so no
    /// outside `shortcutsd` is reached), without the variables that would change how `shortcuts`
    /// behaves (scripted answers, allowed scripts), and with app launching off.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["SHORTCUTS_ANSWERS", "SHORTCUTS_ALLOW_RUNNING_SCRIPTS"] { environment[key] = nil }
        environment["SHORTCUTS_HOME"] = home
        environment["XDG_DATA_HOME"] = directory.path + "/xdg"
        environment["XDG_DATA_DIRS"] = directory.path + "/system"
        environment["SOUPERTASK_DATA"] = taskData
        environment["SHORTCUTS_NO_APP_LAUNCH"] = "1"
        // Apps that start here must not find (and register with) a service the machine runs.
        environment["XDG_RUNTIME_DIR"] = directory.path + "/runtime"
        for (key, value) in extraEnvironment { environment[key] = value }
        return environment
    }

    /// Writes a file into the folder and returns its path.
    @discardableResult
    public func write(_ data: Data, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    /// Runs a built product (or an absolute path) here, with this home's environment.
    public func run(
        _ name: String, _ arguments: [String], input: Data = Data(), timeout: TimeInterval = 60
    ) throws -> ProcessOutput {
        let executable = name.hasPrefix("/") ? name : try BuiltProducts.path(of: name)
        return try ProcessRun.run(
            executable, arguments, environment: environment, directory: directory, input: input, timeout: timeout)
    }
}
