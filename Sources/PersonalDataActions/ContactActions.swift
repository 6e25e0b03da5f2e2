import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Contacts over ``ContactStore``: Add New Contact, Contacts, Find Contacts, Get Details of
/// Contacts, Edit Contact, Select Contact, Select Email Address and Select Phone Number.
enum ContactActions {
    static let all: [ActionDefinition] = [
        addContact, contacts, findContacts, contactDetails, editContact, selectContact, selectEmail, selectPhone,
    ]

    /// Text values as vCard list items: a list's items, else one.
    static func values(_ content: Content) -> [String] {
        content.items.map(\.text).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    static let addContact = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.addnewcontact", title: "Add New Contact",
            description: "Adds a contact to the address book (a vCard in $SHORTCUTS_HOME/Contacts/Contacts).",
            parameters: [
                ParameterMetadata(key: "WFContactFirstName", title: "First Name", type: .text),
                ParameterMetadata(key: "WFContactLastName", title: "Last Name", type: .text),
                ParameterMetadata(key: "WFContactCompany", title: "Company", type: .text),
                ParameterMetadata(key: "WFContactPhoneNumbers", title: "Phone Number", type: .text, isList: true),
                ParameterMetadata(key: "WFContactEmails", title: "Email Address", type: .text, isList: true),
                ParameterMetadata(key: "WFContactNotes", title: "Notes", type: .text),
            ],
            outputType: "Contact", outputName: "New Contact", isReadOnly: false, keywords: ["person", "address book", "vcard"])
    ) { parameters in
        { _, run in
            let first = try run.text(parameters["WFContactFirstName"]) ?? ""
            let last = try run.text(parameters["WFContactLastName"]) ?? ""
            let company = try run.text(parameters["WFContactCompany"]) ?? ""
            guard !(first + last + company).trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ActionFailure("the contact needs a first name, a last name or a company", parameter: "WFContactFirstName")
            }
            var card = ICalendar.Component(name: "VCARD")
            card.set("VERSION", "3.0")
            card.set("UID", UUID().uuidString)
            card.set("N", [last, first, "", "", ""].map(ICalendar.escape).joined(separator: ";"))
            let full = [first, last].filter { !$0.isEmpty }.joined(separator: " ")
            card.setText("FN", full.isEmpty ? company : full)
            if !company.isEmpty { card.set("ORG", ICalendar.escape(company)) }
            for phone in values(try run.content(parameters["WFContactPhoneNumbers"])) {
                card.properties.append(.init("TEL", ICalendar.escape(phone), parameters: [("TYPE", "CELL")]))
            }
            for email in values(try run.content(parameters["WFContactEmails"])) {
                card.properties.append(.init("EMAIL", ICalendar.escape(email), parameters: [("TYPE", "INTERNET")]))
            }
            if let notes = try run.text(parameters["WFContactNotes"]), !notes.isEmpty { card.setText("NOTE", notes) }
            card.set("REV", ICalendar.utc(run.environment.now()))
            var contact = ContactStore.Contact(path: nil, book: ContactStore.defaultBook, card: card)
            try ContactStore.write(&contact, run: run, isNew: true)
            return ContactStore.content(contact, run: run)
        }
    }

    static let contacts = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.contacts", title: "Contacts",
            description: "Passes the given contacts on: contacts named in the address books, or vCards.",
            parameters: [ParameterMetadata(key: "WFContact", title: "Contact", type: .content, isList: true)],
            outputType: "Contact", outputName: "Contacts", keywords: ["person", "people"])
    ) { parameters in
        let given = parameters["WFContact"]
        return { _, run in
            .list(
                try ContactStore.contacts(of: try run.content(given), parameter: "WFContact", run: run).map {
                    ContactStore.content($0, run: run)
                })
        }
    }

    static let contactProperties = FileFilter.Properties(
        kind: "contacts", names: ContactStore.detailNames, value: { name, item in item.property(name) })

    static let findContacts = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.contacts", title: "Find Contacts",
            description: "Finds the contacts of the address books that match the conditions, sorted and limited.",
            parameters: FileFilter.parameters(input: nil, sortBy: ["Name", "First Name", "Last Name", "Company", "Birthday", "Random"]),
            outputType: "Contact", outputName: "Contacts", keywords: ["person", "search", "people"]),
        properties: contactProperties,
        source: { run in .list(try ContactStore.contacts(run: run).map { ContactStore.content($0, run: run) }) })

    static let contactDetails = DetailActions.make(
        "is.workflow.actions.properties.contacts", title: "Get Details of Contacts", of: "Contact", properties: ContactStore.detailNames,
        default: "Name",
        item: { given, run in
            if case .entity(let entity) = given, entity.typeName == "Contact" { return given }
            guard let contact = try ContactStore.contacts(of: given, parameter: "WFInput", run: run).first else { return .nothing }
            return ContactStore.content(contact, run: run)
        })

    /// The details Edit Contact sets, with the vCard property each is and the key its value comes in.
    static let editable: [(detail: String, key: String)] = [
        ("First Name", "WFContactContentItemFirstName"), ("Last Name", "WFContactContentItemLastName"),
        ("Middle Name", "WFContactContentItemMiddleName"), ("Prefix", "WFContactContentItemPrefix"),
        ("Suffix", "WFContactContentItemSuffix"),
        ("Nickname", "WFContactContentItemNickname"), ("Company", "WFContactContentItemCompany"),
        ("Department", "WFContactContentItemDepartment"), ("Job Title", "WFContactContentItemJobTitle"),
        ("Notes", "WFContactContentItemNotes"),
        ("Phone Numbers", "WFContactContentItemPhoneNumbers"), ("Email Addresses", "WFContactContentItemEmailAddresses"),
        ("URLs", "WFContactContentItemURLs"), ("Birthday", "WFContactContentItemBirthday"), ("Group", "WFContactContentItemGroup"),
    ]

    static let editContact = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.setters.contacts", title: "Edit Contact",
            description: "Sets a detail of each contact, or adds to or removes from a list of them (phone numbers, email addresses, URLs).",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Contact", type: .content, isRequired: true, isList: true),
                ParameterMetadata(key: "WFContentItemPropertyName", title: "Detail", type: .enumeration, options: editable.map(\.detail)),
                ParameterMetadata(key: "Mode", title: "Edit", type: .enumeration, options: ["Set", "Add", "Remove"], defaultValue: "Set"),
            ] + editable.map { ParameterMetadata(key: $0.key, title: "Value", type: .content) },
            inputParameter: "WFInput", outputType: "Contact", outputName: "Updated Contact", isReadOnly: false,
            keywords: ["change", "update", "person"])
    ) { parameters in
        { input, run in
            let detail = try run.text(parameters["WFContentItemPropertyName"]) ?? ""
            guard let (name, key) = editable.first(where: { $0.detail.caseInsensitiveCompare(detail) == .orderedSame }) else {
                throw ActionFailure(
                    "“\(detail.prefix(40))” can't be edited; a contact's editable details are \(editable.map(\.detail).joined(separator: ", "))",
                    parameter: "WFContentItemPropertyName")
            }
            let mode = (try run.text(parameters["Mode"]) ?? "Set").lowercased()
            let value = try run.content(parameters[key])
            var edited: [Content] = []
            for var contact in try ContactStore.contacts(of: input, parameter: "WFInput", run: run) {
                guard contact.path != nil else {
                    throw ActionFailure("“\(contact.name)” came from a file, not the address book; add it first", parameter: "WFInput")
                }
                try apply(name, mode: mode, value: value, to: &contact.card, parameter: key, run: run)
                contact.card.set("REV", ICalendar.utc(run.environment.now()))
                try ContactStore.write(&contact, run: run, isNew: false)
                edited.append(ContactStore.content(contact, run: run))
            }
            return Content(items: edited)
        }
    }

    /// One edit of a card.
    static func apply(
        _ detail: String, mode: String, value: Content, to card: inout ICalendar.Component, parameter: String, run: RunContext
    ) throws {
        func setPart(_ property: String, _ index: Int, count: Int) {
            var parts = ContactStore.split(card.first(property)?.value ?? "", by: ";")
            while parts.count < count { parts.append("") }
            parts[index] = ICalendar.escape(value.text)
            card.set(property, parts.joined(separator: ";"))
        }
        let multiple = ["Phone Numbers": "TEL", "Email Addresses": "EMAIL", "URLs": "URL"]
        if let property = multiple[detail] {
            let given = values(value)
            switch mode {
            case "add": break
            case "remove":
                card.properties.removeAll { ContactStore.bare($0.name) == property && given.contains(ICalendar.unescape($0.value)) }
                return
            default: card.properties.removeAll { ContactStore.bare($0.name) == property }
            }
            card.properties += given.map { ICalendar.Property(property, ICalendar.escape($0)) }
            return
        }
        switch detail {
        case "First Name": setPart("N", 1, count: 5)
        case "Last Name": setPart("N", 0, count: 5)
        case "Middle Name": setPart("N", 2, count: 5)
        case "Prefix": setPart("N", 3, count: 5)
        case "Suffix": setPart("N", 4, count: 5)
        case "Company": setPart("ORG", 0, count: 1)
        case "Department": setPart("ORG", 1, count: 2)
        case "Nickname": card.setText("NICKNAME", value.text.isEmpty ? nil : value.text)
        case "Job Title": card.setText("TITLE", value.text.isEmpty ? nil : value.text)
        case "Notes": card.setText("NOTE", value.text.isEmpty ? nil : value.text)
        case "Group": card.setText("CATEGORIES", value.text.isEmpty ? nil : value.text)
        default:
            card.set(
                "BDAY",
                value.isNothing
                    ? nil
                    : ICalendar.day(try DateParameters.date(of: value, parameter: parameter, run: run), zone: run.environment.timeZone))
        }
        // The shown name follows the name's parts.
        if ["First Name", "Last Name", "Middle Name", "Prefix", "Suffix"].contains(detail) {
            let parts = ContactStore.split(card.first("N")?.value ?? "", by: ";").map(ICalendar.unescape)
            let shown = [3, 1, 2, 0, 4].compactMap { $0 < parts.count ? parts[$0] : nil }.filter { !$0.isEmpty }.joined(separator: " ")
            if !shown.isEmpty { card.setText("FN", shown) }
        }
    }

    /// Asks the person to choose among `labels`; the positions chosen.
    static func choose(_ prompt: String, _ labels: [String], multiple: Bool, run: RunContext) throws -> [Int] {
        guard !labels.isEmpty else { throw ActionFailure("the address books have nothing to choose from") }
        return try run.environment.prompter.choose(prompt, options: labels, multiple: multiple)
    }

    static let selectContact = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.selectcontacts", title: "Select Contact",
            description: "Asks the person to choose contacts from the address books.",
            parameters: [ParameterMetadata(key: "WFSelectMultiple", title: "Select Multiple", type: .boolean, defaultValue: "false")],
            outputType: "Contact", outputName: "Contact", keywords: ["pick", "choose", "person"])
    ) { parameters in
        { _, run in
            let all = try ContactStore.contacts(run: run).sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
            let chosen = try choose(
                "Choose a contact", all.map(\.name), multiple: try run.bool(parameters["WFSelectMultiple"]) ?? false, run: run)
            return Content(items: chosen.filter { $0 < all.count }.map { ContactStore.content(all[$0], run: run) })
        }
    }

    /// Select Email Address and Select Phone Number: one of the address books' values, as text.
    static func selectValue(_ identifier: String, _ title: String, property: String, noun: String) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: title, description: "Asks the person to choose \(noun) from the address books.",
                outputType: "Text", outputName: String(title.dropFirst("Select ".count)),
                keywords: ["pick", "choose", "contact"])
        ) { _ in
            { _, run in
                var values: [(label: String, value: String)] = []
                for contact in try ContactStore.contacts(run: run) {
                    for value in contact.texts(property) {
                        let shown = value.replacingOccurrences(of: "tel:", with: "")
                        values.append(("\(contact.name): \(shown)", shown))
                    }
                }
                values.sort { $0.label.localizedStandardCompare($1.label) == .orderedAscending }
                let chosen = try choose("Choose \(noun)", values.map(\.label), multiple: false, run: run)
                return chosen.first.map { .text(values[$0].value) } ?? .nothing
            }
        }
    }

    static let selectEmail = selectValue(
        "is.workflow.actions.selectemail", "Select Email Address", property: "EMAIL", noun: "an email address")
    static let selectPhone = selectValue("is.workflow.actions.selectphone", "Select Phone Number", property: "TEL", noun: "a phone number")
}
