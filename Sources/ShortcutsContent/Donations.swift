import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An action an app donated: something the person just did in it, which Shortcuts offers as a
/// suggestion with the same values (App Intents' `IntentDonationManager`, SiriKit's
/// `INInteraction.donate`). `shortcuts actions --suggested` lists them.
public struct Donation: Codable, Sendable, Equatable {
    public var identifier: String
    public var date: Date
    public var bundleIdentifier: String
    /// The action's identifier, `<bundle id>.<intent>`.
    public var action: String
    /// The action's title, as its app names it.
    public var title: String
    /// The parameters' values, by parameter.
    public var parameters: [String: Content]
    /// The identifiers of the entities among the values, for deleting donations about one.
    public var entityIdentifiers: [String]
    /// The result's value and dialog, when the donation came with a result.
    public var value: Content?
    public var dialog: String?
    /// SiriKit's `INInteraction.groupIdentifier`.
    public var groupIdentifier: String?
    /// What kind of suggestion it is; nil for an action the person did.
    public var kind: Kind?
    /// When it is relevant, as people read it ("in the morning"), for relevant shortcuts.
    public var relevance: [String]?

    /// The kinds of suggestion besides an action the person did.
    public enum Kind: String, Codable, Sendable {
        /// An app's relevant shortcut (SiriKit's `INRelevantShortcutStore`), for the times it names.
        case relevant
        /// Something the person looked at in the app (a user activity eligible for prediction).
        case activity
    }

    public init(
        identifier: String = UUID().uuidString, date: Date = Date(), bundleIdentifier: String, action: String, title: String,
        parameters: [String: Content], value: Content? = nil, dialog: String? = nil, groupIdentifier: String? = nil
    ) {
        self.identifier = identifier
        self.date = date
        self.bundleIdentifier = bundleIdentifier
        self.action = action
        self.title = title
        self.parameters = parameters
        entityIdentifiers = parameters.keys.sorted().flatMap { parameters[$0]?.items.compactMap(\.entityIdentifier) ?? [] }
        self.value = value
        self.dialog = dialog
        self.groupIdentifier = groupIdentifier
    }
}

/// The donations, one file per app: `$SHORTCUTS_HOME/Donations/<bundle id>.json`, the newest
/// ``limit`` kept. An app's process and its extension may donate at once: each change holds
/// the app's lock file while it reads and rewrites the file, which is replaced in one step.
public struct DonationStore: Sendable {
    /// The folder the donations are in.
    public let folder: String
    /// How many donations of one app are kept.
    public static let limit = 100

    /// A problem reading or writing donations, naming the file.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public init(home: String) { folder = home + "/Donations" }

    /// Records a donation, dropping the app's oldest past ``limit``.
    public func donate(_ donation: Donation) throws(Failure) {
        try change(donation.bundleIdentifier) { donations in
            donations.append(donation)
            if donations.count > Self.limit { donations.removeFirst(donations.count - Self.limit) }
        }
    }

    /// Removes the app's donations that `matching` selects; gives their identifiers.
    @discardableResult
    public func delete(bundleIdentifier: String, where matching: (Donation) -> Bool) throws(Failure) -> [String] {
        var removed: [String] = []
        try change(bundleIdentifier) { donations in
            removed = donations.filter(matching).map(\.identifier)
            donations.removeAll(where: matching)
        }
        return removed
    }

    /// An app's donations, or every app's, the newest first.
    public func donations(bundleIdentifier: String? = nil) -> [Donation] {
        let names: [String]
        if let bundleIdentifier {
            names = [bundleIdentifier + ".json"]
        } else {
            names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0.hasSuffix(".json") && !$0.hasPrefix(".")
            }
        }
        // A file is in the order donations came; dates are kept to the second, so within one the later place wins.
        let found = names.flatMap { read(folder + "/" + $0).enumerated().map { ($0.offset, $0.element) } }
        return found.sorted { $0.1.date != $1.1.date ? $0.1.date > $1.1.date : $0.0 > $1.0 }.map(\.1)
    }

    // MARK: Files

    private func read(_ path: String) -> [Donation] {
        // Not followed: a link planted as an app's donations file must not be read instead.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return [] }
        let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile()
        return (try? Self.decoder.decode([Donation].self, from: data)) ?? []
    }

    private func change(_ bundleIdentifier: String, _ body: (inout [Donation]) -> Void) throws(Failure) {
        guard !bundleIdentifier.isEmpty, !bundleIdentifier.contains("/"), !bundleIdentifier.hasPrefix(".") else {
            throw Failure(description: "“\(bundleIdentifier)” is not a bundle identifier")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "can't create \(folder): \(error.localizedDescription)")
        }
        let lockPath = folder + "/.\(bundleIdentifier).lock"
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { throw Failure(description: "can't open \(lockPath): \(String(cString: strerror(errno)))") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure(description: "can't lock \(lockPath): \(String(cString: strerror(errno)))") }
        }
        let path = folder + "/" + bundleIdentifier + ".json"
        var donations = read(path)
        body(&donations)
        do {
            try AtomicWrite.write(try Self.encoder.encode(donations), to: path)
        } catch let failure as AtomicWrite.Failure {
            throw Failure(description: failure.description)
        } catch {
            throw Failure(description: "can't write \(path): \(error)")
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
