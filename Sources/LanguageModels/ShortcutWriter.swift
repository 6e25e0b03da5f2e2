import Foundation
import ShortcutsEngine

/// One action a model may use, as the writer shows it: how it is written in the text language.
public struct ActionUsage: Sendable, Equatable {
    /// `ChangeCase <text: text>, case: "UPPERCASE"|… // Change Case: …`
    public var usage: String
    /// Words it is found by beyond its usage line (its keywords).
    public var keywords: [String]
    /// Whether it is always offered (Text, Show Result…), whatever the description says.
    public var isEssential: Bool

    public init(usage: String, keywords: [String] = [], isEssential: Bool = false) {
        self.usage = usage
        self.keywords = keywords
        self.isEssential = isEssential
    }
}

/// A shortcut a model wrote from a description, checked by the language's compiler.
public struct DescribedShortcut: Sendable, Equatable {
    public var name: String
    /// Its text, which compiles.
    public var text: String
    /// How many answers it took (1 when the first compiled).
    public var attempts: Int
    /// When it should run by itself, if the sentence says: `at 07:30`, `every 15m`, `at login`
    /// (an automation's trigger); `nil` when only when asked.
    public var when: String?

    public init(name: String, text: String, attempts: Int, when: String? = nil) {
        self.name = name
        self.text = text
        self.attempts = attempts
        self.when = when
    }
}

/// The model's last text still had errors after every attempt.
public struct DescriptionFailure: Error, Sendable, CustomStringConvertible {
    public var text: String
    public var errors: [String]
    public var attempts: Int

    public var description: String {
        "the model's shortcut still didn't compile after \(attempts) attempt\(attempts == 1 ? "" : "s"):\n"
            + errors.prefix(10).map { "  " + $0 }.joined(separator: "\n")
    }
}

/// Writes a shortcut from a sentence: asks the model for the shortcut's lines in the text language,
/// giving it the language's rules and the actions that exist here (those the description's
/// words point at, and the essential ones), checks the answer with the compiler, and gives the
/// compiler's errors back to the model for another try, a bounded number of times.
public struct ShortcutWriter {
    public var client: ModelClient
    public var actions: [ActionUsage]
    /// Compiles a text; returns its errors (none: it compiles).
    public var check: (String) -> [String]
    /// How many answers to ask for at most.
    public var attempts: Int
    /// How many actions to offer beyond the essential ones (a small model's context is short).
    public var offered: Int

    public init(
        client: ModelClient, actions: [ActionUsage], attempts: Int = 3, offered: Int = 40,
        check: @escaping (String) -> [String]
    ) {
        self.client = client
        self.actions = actions
        self.check = check
        self.attempts = max(attempts, 1)
        self.offered = offered
    }

    /// The answer's form: a name, and the shortcut's lines, each line held to the shape of the
    /// language's statements (JSON schema `pattern`, which llama.cpp's servers turn into a
    /// grammar): an action of `names` with its arguments, optionally bound to a name, a block's
    /// opening or closing, or a comment. The answer can then only use actions that exist, and
    /// what the compiler still finds is about meaning (a label, a type), not syntax.
    static func schema(names: [String]) -> [String: Any] {
        // Inside the JSON string a quote is written \" and a backslash \\, so the pattern matches those.
        let quote = #"\\""#
        let string = quote + #"([^"\\]|\\\\[(nt])*"# + quote
        let value = "(" + string + #"|-?[0-9]{1,9}([.][0-9]{1,6})?|true|false|[A-Za-z][A-Za-z0-9]{0,23})"#
        let argument = #"([a-z][A-Za-z0-9]{0,23}: )?"# + value
        let arguments = "( " + argument + "(, " + argument + "){0,6})?"
        let action = #"([a-z][A-Za-z0-9]{0,23} = )?("# + names.joined(separator: "|") + ")" + arguments
        let opening =
            "(If " + value + #", is: [A-Za-z]{1,24}(, [a-z][A-Za-z0-9]{0,23}: "# + value + "){0,2}|Repeat " + value
            + "|RepeatEach " + value + "|Menu " + string + #") \{"#
        let line = "^ {0,12}(" + action + "|" + opening + #"|\} Otherwise \{|\}|Case "# + string + #"|// [A-Za-z0-9 ,.]{0,80})$"#
        return [
            "type": "object",
            "properties": [
                "name": ["type": "string", "pattern": #"^[A-Za-z0-9 ]{1,40}$"#],
                "when": ["type": "string", "pattern": Self.whenPattern],
                "lines": ["type": "array", "items": ["type": "string", "pattern": line], "minItems": 1, "maxItems": 60],
            ],
            "required": ["name", "when", "lines"],
        ]
    }

    /// When a shortcut runs by itself: `none`, `at HH:MM`, `every N` minutes or hours, `at login`.
    static let whenPattern = #"^(none|at ([01][0-9]|2[0-3]):[0-5][0-9]|every [1-9][0-9]{0,3}[mh]|at login)$"#

    /// The longest answer a model may give: a shortcut of some sixty lines.
    static let maxTokens = 2048

    /// The language's rules, as the model is told them.
    static let rules = """
        You write shortcuts for swift-shortcuts, Apple's Shortcuts on Linux, in its text language.
        - One action per line: the action's name, then its arguments separated by commas. The first argument may be \
        unlabeled: the action's main parameter (shown in <> below). The others are written label: value.
        - Values: "text" in double quotes (\\(name) puts a variable's value in text), numbers, true or false, \
        [lists], {"key": "value"} dictionaries. A choice is one of the quoted strings the action lists.
        - name = Action … names an action's output; later actions use the name. ShortcutInput is the shortcut's input.
        - Blocks: If value, is: hasAnyValue { … } Otherwise { … } (is: equals, contains, lessThan, greaterThan… with \
        text: or number:); Repeat 3 { … }; RepeatEach list { … } with RepeatItem; Menu "prompt" { Case "title" … }.
        - // starts a comment. Each statement is one line; a block's lines go between its { and }.
        - "when" says when the shortcut runs by itself, if the request says so: "at 07:30" (every day), "every 15m", \
        "every 2h", "at login"; otherwise "none".
        Use only the actions listed here, with their names and labels exactly as written:
        """

    /// The actions offered for a description: the essential ones, then those whose words it
    /// shares most, at most ``offered`` of them, in their catalog order.
    public func actions(for description: String) -> [ActionUsage] {
        let words = Set(Self.words(description))
        var scored: [(position: Int, score: Int)] = []
        for (position, action) in actions.enumerated() where !action.isEssential {
            let own = Set(Self.words(action.usage + " " + action.keywords.joined(separator: " ")))
            let score = words.intersection(own).count
            if score > 0 { scored.append((position, score)) }
        }
        let chosen = Set(
            scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.position < $1.position }.prefix(offered).map(\.position))
        return actions.enumerated().filter { $0.element.isEssential || chosen.contains($0.offset) }.map(\.element)
    }

    /// Lowercased words of three letters or more, without the commonest English ones.
    static func words(_ text: String) -> [String] {
        let common: Set<String> = [
            "the", "and", "for", "with", "that", "this", "from", "into", "then", "when", "me", "my", "every", "each",
        ]
        var result: [String] = []
        var word = ""
        for character in text.lowercased() + " " {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else {
                if word.count >= 3, !common.contains(word) {
                    result.append(word)
                    // A plural finds its singular: "moons" finds "moon".
                    if word.hasSuffix("s"), word.count > 3 { result.append(String(word.dropLast())) }
                }
                word = ""
            }
        }
        return result
    }

    /// Asks for the shortcut, and again with the compiler's errors until it compiles or the
    /// attempts are spent.
    ///
    /// - Throws: ``DescriptionFailure`` with the last text and its errors; the model's or the
    ///   network's failures as they come.
    public func write(_ description: String) throws -> DescribedShortcut {
        let offered = actions(for: description)
        let schema = Self.schema(names: offered.compactMap { $0.usage.split(separator: " ").first.map(String.init) })
        var messages: [ModelMessage] = [
            .system(
                Self.rules + "\n" + offered.map(\.usage).joined(separator: "\n")
                    + "\nAnswer with JSON: {\"name\": a short name for the shortcut, \"when\": \"none\" or when it runs by itself, \"lines\": [the shortcut's lines, in order]}."
            ),
            .user(description),
        ]
        var last = (text: "", errors: [String]())
        for attempt in 1...attempts {
            let answer = try client.answer(messages, schema: schema, maxTokens: Self.maxTokens)
            guard let data = answer.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let lines = object["lines"] as? [String]
            else {
                last = (answer, ["the answer is not JSON with a name and lines"])
                messages += [
                    .assistant(answer), .user("That is not JSON of the form {\"name\": …, \"lines\": […]}. Answer again in that form."),
                ]
                continue
            }
            let text = lines.joined(separator: "\n") + "\n"
            let name = (object["name"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let errors = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? ["the text is empty"] : check(text)
            let when = (object["when"] as? String).flatMap { value -> String? in
                let trimmed = value.trimmingCharacters(in: .whitespaces).lowercased()
                return trimmed.isEmpty || trimmed == "none" || trimmed.range(of: Self.whenPattern, options: .regularExpression) == nil
                    ? nil : trimmed
            }
            if errors.isEmpty { return DescribedShortcut(name: name, text: text, attempts: attempt, when: when) }
            last = (text, errors)
            messages += [
                .assistant(answer),
                .user(
                    "That text does not compile:\n" + errors.prefix(10).joined(separator: "\n") + "\nWrite the whole shortcut again, fixed."
                ),
            ]
        }
        throw DescriptionFailure(text: last.text, errors: last.errors, attempts: attempts)
    }
}
