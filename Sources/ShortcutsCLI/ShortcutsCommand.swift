import Foundation
import ShortcutFormat
import ShortcutsContent
import ShortcutsEngine
import ShortcutsLibrary

#if canImport(Glibc)
    import Glibc
#endif

/// The `shortcuts` command: run, list, view and import shortcuts, and change settings.
///
/// Exit status: 0 on success, 1 when a shortcut fails or can't be found or read, 2 when the
/// command is typed wrong. Errors go to standard error; only the shortcut's output goes to
/// standard output.
///
/// ```text
/// $ shortcuts run Examples/Hello.shortcut
/// Hello, World!
/// ```
public enum ShortcutsCommand {
    static let tool = "shortcuts"
    static let abstract = "Run, write, inspect and serve shortcuts and app actions."

    typealias Handler = @Sendable (ParsedArguments, [String: String]) throws -> Int32

    static let subcommands: [(spec: CommandSpec, handler: Handler)] = [
        (RunCommand.spec, RunCommand.run),
        (ListCommand.spec, ListCommand.run),
        (ViewCommand.spec, ViewCommand.run),
        (ActionsCommand.spec, ActionsCommand.run),
        (PerformCommand.spec, PerformCommand.run),
        (AskCommand.spec, AskCommand.run),
        (DescribeCommand.spec, DescribeCommand.run),
        (SetCommand.spec, SetCommand.run),
        (DesktopCommand.spec, DesktopCommand.run),
        (ImportCommand.spec, ImportCommand.run),
        (ExportCommand.spec, ExportCommand.run),
        (SettingsCommand.spec, SettingsCommand.run),
        (RunsCommand.spec, RunsCommand.run),
        (AutomationCommand.spec, AutomationCommand.run),
        (SignCommand.spec, SignCommand.run),
        (CompileCommand.spec, CompileCommand.run),
        (DecompileCommand.spec, DecompileCommand.run),
        (CheckCommand.spec, CheckCommand.run),
        (FormatCommand.spec, FormatCommand.run),
        (McpCommand.spec, McpCommand.run),
        (ServiceCommand.spec, ServiceCommand.run),
        (AppCommand.spec, AppCommand.run),
        (CompletionsCommand.spec, CompletionsCommand.run),
        (ManualCommand.spec, ManualCommand.run),
        (helpSpec, { _, _ in 0 }),
    ]

    static let helpSpec = CommandSpec(
        name: "help", abstract: "Show subcommand help information.",
        arguments: [
            ArgumentSpec("subcommand", help: "The subcommand to explain.", isOptional: true),
            ArgumentSpec("its-subcommand", help: "One of its subcommands (`help runs show`).", isOptional: true),
        ])

    /// Every subcommand's declaration, in the order the overview lists them.
    static var specs: [CommandSpec] { subcommands.map(\.spec) }

    /// Runs the command with the process's arguments and exits with its status.
    public static func main() -> Never {
        signal(SIGPIPE, SIG_IGN)
        exit(run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
    }

    /// Runs the command and returns its exit status.
    public static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        guard let first = arguments.first else {
            Console.out(CommandHelp.overview(subcommands.map(\.spec), tool: tool, abstract: abstract))
            return 0
        }
        if first == "--help" || first == "-h" {
            Console.out(CommandHelp.overview(subcommands.map(\.spec), tool: tool, abstract: abstract))
            return 0
        }
        guard let (spec, handler) = subcommands.first(where: { $0.spec.name == first }) else {
            let message = first.hasPrefix("-") ? "Unknown option '\(first)'" : "Unknown subcommand '\(first)'"
            Console.err(CommandHelp.error(UsageError(message), spec: nil, tool: tool))
            return 2
        }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: spec)
            if parsed.isHelpRequested {
                Console.out(try help(spec, parsed.positionals.first.flatMap { spec.subcommand($0) == nil ? nil : $0 }))
                return 0
            }
            if spec.name == helpSpec.name {
                let names = parsed.positionals
                guard let name = names.first else {
                    Console.out(CommandHelp.overview(specs, tool: tool, abstract: abstract))
                    return 0
                }
                guard let named = specs.first(where: { $0.name == name }) else {
                    throw UsageError("Unknown subcommand '\(name)'", command: helpSpec.name)
                }
                Console.out(try help(named, names.count > 1 ? names[1] : nil))
                return 0
            }
            return try handler(parsed, environment)
        } catch let error as UsageError {
            let command = error.command.flatMap { name in subcommands.first { $0.spec.name == name }?.spec }
            Console.err(CommandHelp.error(error, spec: command, tool: tool))
            return 2
        } catch let error as RunError {
            fail(message(of: error))
            // A run stopped by Ctrl-C or SIGTERM exits as the signal would have made it.
            if error.code == .cancelled, let status = Interruption.exitStatus { return status }
            return 1
        } catch {
            fail(message(of: error))
            return 1
        }
    }

    /// What an error that ends a command says, as `Error: …` shows it.
    static func message(of error: any Error) -> String {
        switch error {
        case let error as RunError: return error.description
        case let error as ShortcutFileError: return error.message
        case let error as LibraryError: return capitalized(error.message)
        default: return "\(error)"
        }
    }

    /// Prints `Error: message`; what a file or link put in it is shown escaped and bounded.
    static func fail(_ message: String) {
        Console.err("Error: \(TextExcerpt.safe(message, limit: 4000))\n")
    }

    /// The help of a subcommand, or of one of its own subcommands.
    private static func help(_ spec: CommandSpec, _ subcommand: String?) throws(UsageError) -> String {
        guard let subcommand else { return CommandHelp.help(spec, tool: tool) }
        guard let nested = spec.subcommand(subcommand) else {
            let known = spec.subcommands.map(\.name)
            throw UsageError(
                known.isEmpty
                    ? "'\(spec.name)' has no subcommands"
                    : "Unknown subcommand '\(spec.name) \(subcommand)'; \(spec.name) has: " + known.joined(separator: ", "),
                command: helpSpec.name)
        }
        return CommandHelp.help(nested, tool: "\(tool) \(spec.name)")
    }

    private static func capitalized(_ message: String) -> String {
        message.prefix(1).uppercased() + message.dropFirst()
    }
}
