import ShortcutsRun

extension RunSetup {
    /// The setup of a `shortcuts` command: the caller's environment, warnings on standard error.
    static func commandLine(_ environment: [String: String]) -> RunSetup {
        RunSetup(environment: environment, caller: .commandLine, warn: { Console.err($0 + "\n") })
    }
}
