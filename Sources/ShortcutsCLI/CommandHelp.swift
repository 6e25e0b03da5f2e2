/// Help and usage text in swift-argument-parser's style (`OVERVIEW:`, `USAGE:`, `OPTIONS:`).
enum CommandHelp {
    static let column = 26

    /// The one-line usage: `shortcuts run <name> [--input-path <input-path> ...] …`.
    static func usage(_ spec: CommandSpec, tool: String) -> String {
        var parts = ["\(tool) \(spec.name)"]
        for argument in spec.arguments {
            let repeats = argument.isRepeating ? " ..." : ""
            parts.append(argument.isOptional ? "[<\(argument.name)>\(repeats)]" : "<\(argument.name)>\(repeats)")
        }
        for option in spec.options {
            parts.append("[\(option.synopsis)\(option.isRepeatable ? " ..." : "")]")
        }
        return parts.joined(separator: " ")
    }

    /// The full help of a subcommand.
    static func help(_ spec: CommandSpec, tool: String) -> String {
        var text = "OVERVIEW: \(spec.abstract)\n\n"
        if let discussion = spec.discussion { text += wrap(discussion, width: 80, indent: 0) + "\n\n" }
        text += "USAGE: \(usage(spec, tool: tool))\n\n"
        if !spec.arguments.isEmpty {
            text += "ARGUMENTS:\n"
            for argument in spec.arguments { text += row("<\(argument.name)>", argument.help) }
            text += "\n"
        }
        text += "OPTIONS:\n"
        for option in spec.options {
            let names = (option.short.map { "-\($0), " } ?? "") + option.synopsis
            text += row(names, option.help)
        }
        text += row("-h, --help", "Show help information.")
        if !spec.subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n"
            for subcommand in spec.subcommands { text += row(subcommand.name, subcommand.abstract) }
            text += "\n  See '\(tool) help \(spec.name) <subcommand>' for detailed help.\n"
        }
        return text
    }

    /// The overview of the whole tool and its subcommands.
    static func overview(_ specs: [CommandSpec], tool: String, abstract: String) -> String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(tool) <subcommand>\n\nOPTIONS:\n"
        text += row("-h, --help", "Show help information.")
        text += "\nSUBCOMMANDS:\n"
        for spec in specs { text += row(spec.name, spec.abstract) }
        text += "\n  See '\(tool) help <subcommand>' for detailed help.\n"
        return text
    }

    /// What a usage error prints: the error, the usage line, and where to find more.
    static func error(_ error: UsageError, spec: CommandSpec?, tool: String) -> String {
        var text = "Error: \(error.message)\n"
        if let spec {
            text += "Usage: \(usage(spec, tool: tool))\n  See '\(tool) \(spec.name) --help' for more information.\n"
        } else {
            text += "Usage: \(tool) <subcommand>\n  See '\(tool) --help' for more information.\n"
        }
        return text
    }

    /// A name and its help, the help starting at a fixed column or on the next line.
    private static func row(_ name: String, _ help: String) -> String {
        let label = "  " + name
        let body = wrap(help, width: 80, indent: column)
        if label.count + 2 <= column {
            return label + String(repeating: " ", count: column - label.count) + body + "\n"
        }
        return label + "\n" + String(repeating: " ", count: column) + body + "\n"
    }

    /// Breaks text into lines of at most `width` columns, keeping its own line breaks (between
    /// paragraphs); lines after the first are indented.
    static func wrap(_ text: String, width: Int, indent: Int) -> String {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, indent + line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }
}
