/// What a subcommand accepts: its positional arguments and its options, with their help.
///
/// ```swift
/// let list = CommandSpec(
///     name: "list", abstract: "List your shortcuts.",
///     options: [OptionSpec("folder-name", short: "f", value: "folder-name", help: "The folder to list."),
///               OptionSpec("folders", help: "List folders instead of shortcuts.")])
/// ```
public struct CommandSpec: Sendable {
    /// The subcommand as typed, e.g. `run`.
    public var name: String
    /// One sentence saying what it does.
    public var abstract: String
    /// More help shown after the overview, or `nil`.
    public var discussion: String?
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    /// The subcommands it takes as its first argument (`runs show`, `automation add`), each with
    /// its own arguments and the options of this command it uses. This command parses them all;
    /// they give help (`shortcuts help automation add`), manual pages and completions.
    public var subcommands: [CommandSpec]

    public init(
        name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
        options: [any OptionDeclaration] = [], subcommands: [CommandSpec] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options.map(\.spec)
        self.subcommands = subcommands
    }

    /// The subcommand with this name.
    public func subcommand(_ name: String) -> CommandSpec? { subcommands.first { $0.name == name } }

    /// The option with a long name.
    func option(long: String) -> OptionSpec? { options.first { $0.long == long } }
    /// The option with a short name.
    func option(short: Character) -> OptionSpec? { options.first { $0.short == short } }
}

extension Flag {
    /// `--follow`, for every command that writes an output file.
    static let follow = Flag(
        "follow", help: "When the output is a symbolic link, replace the file it points to (otherwise a link is refused).")

    /// `--ignore-signature`, for every command that reads a shortcut file.
    static let ignoreSignature = Flag(
        "ignore-signature", help: "Read a signed shortcut even when its signature doesn't match (it was changed).")
}

/// An option or flag as a command declares it, once: its ``OptionSpec`` (for the parser, help,
/// manual pages and completions) and, by its type, what reading it gives.
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

extension OptionSpec: OptionDeclaration {
    public var spec: OptionSpec { self }
}

/// A flag: `arguments[RunCommand.noInteraction]` is a `Bool`.
///
/// ```swift
/// static let json = Flag("json", help: "Print JSON for scripts.")
/// if arguments[json] { … }
/// ```
public struct Flag: OptionDeclaration {
    public let spec: OptionSpec

    public init(_ long: String, short: Character? = nil, help: String) {
        spec = OptionSpec(long, short: short, help: help)
    }
}

/// An option given at most once: `arguments[RunCommand.outputPath]` is a `String?`.
public struct Option: OptionDeclaration {
    public let spec: OptionSpec

    /// - Parameter value: the value's name in help (`--output-path <output-path>`).
    public init(_ long: String, short: Character? = nil, value: String, help: String) {
        spec = OptionSpec(long, short: short, value: value, help: help)
    }
}

/// An option that may be given several times: `arguments[RunCommand.inputPath]` is a `[String]`.
public struct RepeatableOption: OptionDeclaration {
    public let spec: OptionSpec

    public init(_ long: String, short: Character? = nil, value: String, help: String) {
        spec = OptionSpec(long, short: short, value: value, help: help, repeatable: true)
    }
}

/// A positional argument, such as `<shortcut-name-or-identifier>`.
public struct ArgumentSpec: Sendable {
    /// The name shown in angle brackets.
    public var name: String
    public var help: String
    public var isOptional: Bool
    /// Whether it takes every remaining argument (`<file> ...`); only the last argument may.
    public var isRepeating: Bool

    public init(_ name: String, help: String, isOptional: Bool = false, repeating isRepeating: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeating = isRepeating
    }
}

/// An option (`--output-path <output-path>`, `-o`) or a flag (`--folders`).
public struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `output-path`.
    public var long: String
    /// The one-letter name, e.g. `o` for `-o`.
    public var short: Character?
    /// The value's name shown in help; `nil` makes this a flag that takes no value.
    public var valueName: String?
    public var help: String
    /// Whether the option may be given several times, collecting every value.
    public var isRepeatable: Bool

    public init(_ long: String, short: Character? = nil, value valueName: String? = nil, help: String, repeatable: Bool = false) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.help = help
        self.isRepeatable = repeatable
    }

    /// Whether this option is a flag.
    public var isFlag: Bool { valueName == nil }

    /// How the option reads in a usage line: `--output-path <output-path>` or `--folders`.
    var synopsis: String { "--\(long)" + (valueName.map { " <\($0)>" } ?? "") }
}
