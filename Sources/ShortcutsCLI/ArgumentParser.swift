/// The arguments of one subcommand, parsed: positionals in order, and the options and flags
/// given, read by their declarations (``Flag``, ``Option``, ``RepeatableOption``).
///
/// ```swift
/// let paths = arguments[RunCommand.inputPath]     // [String]
/// let output = arguments[RunCommand.outputPath]   // String?
/// if arguments[RunCommand.noInteraction] { … }    // Bool
/// ```
public struct ParsedArguments: Equatable, Sendable {
    public var positionals: [String] = []
    /// Each option's values by long name, in the order given.
    var values: [String: [String]] = [:]
    /// The flags given, by long name.
    var flags: Set<String> = []
    /// Whether `-h` or `--help` was given.
    public var isHelpRequested = false

    /// Whether the flag was given.
    public subscript(flag: Flag) -> Bool { flags.contains(flag.spec.long) }
    /// The option's value, or `nil` when it wasn't given.
    public subscript(option: Option) -> String? { values[option.spec.long]?.last }
    /// The option's values in the order given; empty when it wasn't given.
    public subscript(option: RepeatableOption) -> [String] { values[option.spec.long] ?? [] }
}

/// A mistake in how the command was typed: shown with the subcommand's usage, exit status 2.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// The subcommand whose usage to show, if known.
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}

/// Parses a subcommand's arguments against its ``CommandSpec``, the way swift-argument-parser does.
///
/// Accepts `--name value`, `--name=value`, `-n value`, `-nvalue`, repeated options, a lone `-`
/// as a value or positional, and `--` to end options.
///
/// ```swift
/// let parsed = try ArgumentParser.parse(["Hello", "-i", "a.txt", "-i", "b.txt"], for: run)
/// parsed.positionals       // ["Hello"]
/// parsed.values["input-path"]  // ["a.txt", "b.txt"]
/// ```
public enum ArgumentParser {
    /// Parses `arguments` (without the subcommand itself).
    ///
    /// - Throws: ``UsageError`` for an unknown option, a missing or unexpected value, or a
    ///   missing or extra positional argument. `--help` stops checking and is reported instead.
    public static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var remaining = arguments[...]
        var optionsEnded = false
        func fail(_ message: String) -> UsageError { UsageError(message, command: spec.name) }

        while let argument = remaining.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.isHelpRequested = true
                return parsed
            }
            let option: OptionSpec
            var inlineValue: String?
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard let found = spec.option(long: name) else { throw fail("Unknown option '--\(name)'") }
                option = found
            } else {
                let letter = argument[argument.index(after: argument.startIndex)]
                guard let found = spec.option(short: letter) else { throw fail("Unknown option '-\(letter)'") }
                option = found
                let rest = argument.dropFirst(2)
                if !rest.isEmpty {
                    guard !found.isFlag else { throw fail("Unknown option '\(argument)'") }
                    inlineValue = String(rest)
                }
            }

            if option.isFlag {
                if inlineValue != nil { throw fail("The flag '--\(option.long)' doesn't take a value") }
                parsed.flags.insert(option.long)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if let next = remaining.first, next == "-" || !next.hasPrefix("-") || Double(next) != nil {
                value = next
                remaining.removeFirst()
            } else {
                throw fail("Missing value for '\(option.synopsis)'")
            }
            if !option.isRepeatable, parsed.values[option.long] != nil {
                throw fail("'--\(option.long)' was given more than once; give it once")
            }
            parsed.values[option.long, default: []].append(value)
        }

        let required = spec.arguments.filter { !$0.isOptional }.count
        if parsed.positionals.count < required {
            throw fail("Missing expected argument '<\(spec.arguments[parsed.positionals.count].name)>'")
        }
        if parsed.positionals.count > spec.arguments.count, spec.arguments.last?.isRepeating != true {
            throw fail("Unexpected argument '\(parsed.positionals[spec.arguments.count])'")
        }
        return parsed
    }
}
