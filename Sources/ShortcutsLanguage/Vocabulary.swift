import ShortcutsContent

/// The names the language knows: each action's friendly name (its Shortcuts title without
/// spaces, e.g. `ChangeCase`) and each parameter's label (its title in lower camel case, e.g.
/// `case`), built from the metadata the caller passes in.
///
/// Raw identifiers and raw parameter keys are always accepted too, so actions missing from the
/// metadata, or with clashing titles, stay writable.
public struct Vocabulary: Sendable {
    /// One action as the language names it.
    struct Entry: Sendable {
        var identifier: String
        var metadata: ActionMetadata?
        var friendlyName: String?
        /// Parameter key → label, and back.
        var labelsByKey: [String: String]
        var keysByLabel: [String: String]
        /// The parameter an unlabeled first argument sets: the input parameter, else the first one.
        var primaryKey: String?
        /// What references to this action's output show by default.
        var defaultOutputName: String?

        func key(forLabel label: String) -> String? {
            if let key = keysByLabel[label] { return key }
            if metadata?.parameter(label) != nil || labelsByKey[label] != nil { return label }
            return nil
        }
    }

    let entries: [String: Entry]
    /// Friendly name → identifiers (more than one means the name is ambiguous; a name one
    /// classic action shares with newer ones is the classic's alone).
    let identifiersByName: [String: [String]]

    /// Builds the vocabulary from action metadata (built-in, engine and app actions).
    public init(metadata: [ActionMetadata]) {
        var entries: [String: Entry] = [:]
        var names: [String: [String]] = [:]
        for action in metadata where entries[action.identifier] == nil {
            let entry = Self.entry(action)
            let name = entry.friendlyName ?? ""
            entries[action.identifier] = entry
            if !name.isEmpty { names[name, default: []].append(action.identifier) }
        }
        for (name, identifiers) in names where identifiers.count > 1 {
            // A name Shortcuts' own classic action (is.workflow.actions.…) shares with a newer
            // one (Create Folder, of files and of the library) stays the classic's, so text
            // written before the newer one existed still means what it meant.
            let classic = identifiers.filter { $0.hasPrefix("is.workflow.actions.") }
            // Likewise a variant whose identifier extends another's (the Finder's Convert Image,
            // `image.convert.finder`, of `image.convert`) leaves the name to the original.
            let original = identifiers.first { base in identifiers.allSatisfy { $0 == base || $0.hasPrefix(base + ".") } }
            // And one Apple app's action shipped under each platform's identifier (Calendar's
            // `com.apple.iCal.CreateEventIntent` and `com.apple.mobilecal.CreateEventIntent`)
            // is one action: the name is the first identifier's.
            let apps = Set(identifiers.map { entries[$0]?.metadata?.app })
            let ends = Set(identifiers.map { $0.split(separator: ".").last.map(String.init) })
            let oneApp = apps.count == 1 && apps.contains { $0 != nil }
            let samePlatformAction = oneApp && ends.count == 1 ? identifiers.min() : nil
            // And a name Shortcuts' own action shares with Apple's apps' actions (the library's
            // Open Folder, and Notes' and Voice Memos') stays Shortcuts' own.
            let own = identifiers.filter { entries[$0]?.metadata?.app == nil }
            if let kept = classic.count == 1 ? classic[0] : original ?? samePlatformAction ?? (own.count == 1 ? own[0] : nil) {
                for identifier in identifiers where identifier != kept { entries[identifier]?.friendlyName = nil }
                names[name] = [kept]
                continue
            }
            for identifier in identifiers { entries[identifier]?.friendlyName = nil }
            names[name] = identifiers.sorted()
        }
        self.entries = entries
        self.identifiersByName = names
    }

    /// An entry with labels for each parameter whose title gives a unique label.
    static func entry(_ action: ActionMetadata) -> Entry {
        var entry = Entry(
            identifier: action.identifier, metadata: action, friendlyName: friendlyName(action.title), labelsByKey: [:],
            keysByLabel: [:], primaryKey: action.inputParameter ?? action.parameters.first?.key,
            defaultOutputName: action.outputName ?? action.title)
        var labelCounts: [String: Int] = [:]
        for parameter in action.parameters { labelCounts[label(parameter.title, key: parameter.key), default: 0] += 1 }
        for parameter in action.parameters {
            let label = label(parameter.title, key: parameter.key)
            guard labelCounts[label] == 1, label != parameter.key else { continue }
            entry.labelsByKey[parameter.key] = label
            entry.keysByLabel[label] = parameter.key
        }
        return entry
    }

    /// The entry for an identifier; actions missing from the metadata get a bare one.
    func entry(for identifier: String) -> Entry {
        entries[identifier]
            ?? Entry(
                identifier: identifier, metadata: nil, friendlyName: nil, labelsByKey: [:], keysByLabel: [:], primaryKey: nil,
                defaultOutputName: nil)
    }

    /// Every unambiguous friendly name, for suggestions.
    var friendlyNames: [String] { identifiersByName.filter { $0.value.count == 1 }.map(\.key) }

    /// `Get Contents of URL` → `GetContentsOfURL`.
    static func friendlyName(_ title: String) -> String {
        var name = ""
        var capitalizeNext = true
        for character in title {
            guard character.isLetter || character.isNumber, character.isASCII else {
                capitalizeNext = true
                continue
            }
            name += capitalizeNext ? character.uppercased() : String(character)
            capitalizeNext = false
        }
        if let first = name.unicodeScalars.first, !Scanner.isIdentifierStart(UInt8(first.value)) { name = "_" + name }
        return name
    }

    /// `Show While Running` → `showWhileRunning`; the key itself when the title gives nothing.
    static func label(_ title: String, key: String) -> String {
        let name = friendlyName(title)
        guard let first = name.first, first != "_" else { return key }
        var label = first.lowercased() + name.dropFirst()
        // Keep acronyms readable: `URL` → `url`, `URLs` → `urls`.
        if name.allSatisfy({ $0.isUppercase || $0.isNumber }) || (name.dropLast().allSatisfy(\.isUppercase) && name.last == "s") {
            label = name.lowercased()
        }
        return label
    }
}

extension Vocabulary {
    /// How an action is written, for a person or a model choosing actions: its name, its main
    /// parameter unlabeled, then each other parameter's label with its type (an enumeration's
    /// choices quoted), and its title. `nil` for an action with no name of its own.
    ///
    /// ```
    /// ChangeCase text, case: "UPPERCASE"|"lowercase"|… // Change Case: Changes the case of the text…
    /// ```
    public func usage(of identifier: String) -> String? {
        let entry = entry(for: identifier)
        guard let name = entry.friendlyName, identifiersByName[name] == [identifier], let metadata = entry.metadata else { return nil }
        func type(_ parameter: ParameterMetadata) -> String {
            guard parameter.type == .enumeration, !parameter.options.isEmpty else { return parameter.type.rawValue }
            let shown = parameter.options.prefix(6).map { "\"\($0)\"" }.joined(separator: "|")
            return parameter.options.count > 6 ? shown + "|…" : shown
        }
        var arguments: [String] = []
        for parameter in metadata.parameters {
            let label = entry.labelsByKey[parameter.key] ?? parameter.key
            arguments.append(parameter.key == entry.primaryKey ? "<\(label): \(type(parameter))>" : "\(label): \(type(parameter))")
        }
        if let primary = arguments.firstIndex(where: { $0.hasPrefix("<") }) { arguments.insert(arguments.remove(at: primary), at: 0) }
        let about = metadata.description.split(separator: ".").first.map { ": " + $0 } ?? ""
        return ([name] + [arguments.joined(separator: ", ")]).joined(separator: " ") + " // \(metadata.title)\(about)"
    }

    /// Every action that has a name of its own, by identifier.
    public var namedIdentifiers: [String] {
        identifiersByName.values.compactMap { $0.count == 1 ? $0[0] : nil }.sorted()
    }
}
