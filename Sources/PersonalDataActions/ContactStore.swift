import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Contacts as a vdir folder of vCards, as khard and vdirsyncer (CardDAV) keep them:
/// `$SHORTCUTS_HOME/Contacts/<address book>/<uid>.vcf`, one VCARD each. vCard's lines are
/// iCalendar's, so ``ICalendar`` reads and writes them; property groups (`item1.EMAIL`) are read
/// by their name. A `.vcf` file given to a contact action is read as its contacts.
enum ContactStore {
    struct Contact: Sendable {
        /// The file it lives in, or `nil` for one read from a given file.
        var path: String?
        var book: String
        var card: ICalendar.Component

        var uid: String { card.text("UID") ?? path.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? name }

        /// `N`'s parts: family; given; additional; prefixes; suffixes.
        var nameParts: [String] {
            let raw = property("N")?.value ?? ""
            var parts = split(raw, by: ";").map(ICalendar.unescape)
            while parts.count < 5 { parts.append("") }
            return parts
        }

        var name: String {
            if let full = text("FN"), !full.isEmpty { return full }
            let parts = nameParts
            let joined = [parts[3], parts[1], parts[2], parts[0], parts[4]].filter { !$0.isEmpty }.joined(separator: " ")
            return joined.isEmpty ? (text("ORG").map { split($0, by: ";").first ?? $0 } ?? "No Name") : joined
        }

        func property(_ name: String) -> ICalendar.Property? { properties(name).first }
        func properties(_ name: String) -> [ICalendar.Property] { card.properties.filter { ContactStore.bare($0.name) == name } }
        func text(_ name: String) -> String? { property(name).map { ICalendar.unescape($0.value) } }
        func texts(_ name: String) -> [String] { properties(name).map { ICalendar.unescape($0.value) } }
    }

    static let largestFile = 1 << 20
    static let mostContacts = 50_000
    static let defaultBook = "Contacts"

    static func root(run: RunContext) -> String { ShortcutsHome.path(in: run.environment.variables) + "/Contacts" }

    /// A property's name without its group (`item1.EMAIL` is `EMAIL`).
    static func bare(_ name: String) -> String { name.split(separator: ".").last.map(String.init) ?? name }

    /// Splits at `separator` where it isn't escaped.
    static func split(_ text: String, by separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if escaping {
                current.append("\\")
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == separator {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    /// The contacts in vCard text.
    static func cards(in text: String, path: String?, book: String) -> [Contact] {
        ((try? ICalendar.parse(text)) ?? []).filter { $0.name == "VCARD" }.map { Contact(path: path, book: book, card: $0) }
    }

    /// Every contact of every address book (or one).
    static func contacts(run: RunContext) throws -> [Contact] {
        let root = root(run: run)
        var found: [Contact] = []
        let books = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for book in books {
            let folder = root + "/" + book
            for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter({ $0.hasSuffix(".vcf") }).sorted() {
                try run.checkCancelled()
                guard found.count < mostContacts else { throw ActionFailure("the address books hold more than \(mostContacts) contacts") }
                let path = folder + "/" + file
                guard let size = LocalFiles.size(at: path), size <= largestFile, let data = FileManager.default.contents(atPath: path),
                    let text = String(data: data, encoding: .utf8)
                else { continue }
                found += cards(in: text, path: path, book: book).prefix(1)
            }
        }
        return found
    }

    /// A contact as content: a `Contact` entity named by its UID.
    static func content(_ contact: Contact, run: RunContext) -> Content {
        let parts = contact.nameParts
        let organization = split(contact.property("ORG")?.value ?? "", by: ";").map(ICalendar.unescape)
        var properties: ContentDictionary = [
            "Name": .text(contact.name), "First Name": .text(parts[1]), "Last Name": .text(parts[0]), "Middle Name": .text(parts[2]),
            "Prefix": .text(parts[3]), "Suffix": .text(parts[4]), "Nickname": .text(contact.text("NICKNAME") ?? ""),
            "Company": .text(organization.first ?? ""), "Department": .text(organization.count > 1 ? organization[1] : ""),
            "Job Title": .text(contact.text("TITLE") ?? ""), "Notes": .text(contact.text("NOTE") ?? ""),
            "Phone Numbers": .list(contact.texts("TEL").map { .text($0.replacingOccurrences(of: "tel:", with: "")) }),
            "Email Addresses": .list(contact.texts("EMAIL").map(Content.text)),
            "URLs": .list(contact.texts("URL").map(Content.text)),
            "Street Address": .list(contact.properties("ADR").map { .text(address($0)) }),
            "Group": .text(contact.text("CATEGORIES") ?? ""), "Address Book": .text(contact.book),
        ]
        if let birthday = contact.property("BDAY"), let day = ICalendar.date(birthday, zone: run.environment.timeZone) {
            properties["Birthday"] = .date(day.date)
        }
        return .entity(EntityContent(typeName: "Contact", identifier: contact.uid, displayTitle: contact.name, properties: properties))
    }

    static let detailNames = [
        "Name", "First Name", "Last Name", "Middle Name", "Prefix", "Suffix", "Nickname", "Company", "Department", "Job Title", "Notes",
        "Phone Numbers", "Email Addresses", "URLs", "Street Address", "Birthday", "Group", "Address Book",
    ]

    /// `ADR`'s parts (box; extended; street; city; region; code; country) as one line.
    static func address(_ property: ICalendar.Property) -> String {
        let parts = split(property.value, by: ";").map(ICalendar.unescape)
        func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
        let place = [part(3), [part(4), part(5)].filter { !$0.isEmpty }.joined(separator: " ")].filter { !$0.isEmpty }.joined(
            separator: ", ")
        return [part(2), place, part(6)].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The contacts content holds: contacts from earlier actions (by UID), `.vcf` files and
    /// vCard text (read as they are), or names of contacts in the address books.
    static func contacts(of content: Content, parameter: String, run: RunContext) throws -> [Contact] {
        var stored: [Contact]?
        func all() throws -> [Contact] {
            if let stored { return stored }
            let read = try contacts(run: run)
            stored = read
            return read
        }
        var found: [Contact] = []
        for item in content.items {
            switch item {
            case .entity(let entity) where entity.typeName == "Contact":
                guard let contact = try all().first(where: { $0.uid == entity.identifier }) else {
                    throw ActionFailure("“\(entity.displayTitle)” is no longer in the address books", parameter: parameter)
                }
                found.append(contact)
            case .file(let file) where file.name.lowercased().hasSuffix(".vcf") || file.data.starts(with: Array("BEGIN:VCARD".utf8)):
                let cards = cards(in: String(decoding: file.data.prefix(largestFile), as: UTF8.self), path: nil, book: "")
                guard !cards.isEmpty else { throw ActionFailure("\(file.name) holds no vCard", parameter: parameter) }
                found += cards
            default:
                let text = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
                if text.hasPrefix("BEGIN:VCARD") {
                    found += cards(in: text, path: nil, book: "")
                    continue
                }
                guard let contact = try all().first(where: { $0.name.caseInsensitiveCompare(text) == .orderedSame }) else {
                    throw ActionFailure("expected a contact, got \(item.quotedForError)", parameter: parameter)
                }
                found.append(contact)
            }
        }
        return found
    }

    /// Writes a contact to its file atomically; a new one gets `<uid>.vcf` in the default book.
    static func write(_ contact: inout Contact, run: RunContext, isNew: Bool) throws {
        if contact.path == nil {
            let folder = root(run: run) + "/" + (contact.book.isEmpty ? defaultBook : contact.book)
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            contact.path = folder + "/" + CalendarStore.fileName(for: contact.uid).dropLast(4) + ".vcf"
            contact.book = URL(fileURLWithPath: folder).lastPathComponent
        }
        guard let path = contact.path else { return }
        if isNew, FileManager.default.fileExists(atPath: path) {
            throw ActionFailure("a contact with the same identifier is already at \(path)")
        }
        try StoreFiles.write(Data(ICalendar.serialize(contact.card).utf8), to: path)
    }
}
