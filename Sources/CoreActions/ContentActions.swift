import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Actions that find one kind of content in another, through the content graph: Get Object of
/// Class, Get File of Type, Get Images / Email Addresses / Phone Numbers / Addresses / Contacts
/// from Input, Email Address, Phone Number, and View Content Graph.
enum ContentActions {
    static let all: [ActionDefinition] = [
        objectOfClass, fileOfType, detectImages, detectEmailAddresses, detectPhoneNumbers, detectAddresses, detectContacts,
        emailAddress, phoneNumber, viewContentGraph,
    ]

    /// The classes Get Object of Class knows by their Foundation names, beside the content item
    /// class names (`WFImageContentItem`…).
    static let foundationClasses: [String: ContentClass] = [
        "NSString": .text, "NSAttributedString": .richText, "NSNumber": .number, "NSDecimalNumber": .number,
        "NSDate": .date, "NSURL": .url, "NSDictionary": .dictionary, "NSData": .file, "UIImage": .image, "NSImage": .image,
        "CLLocation": .location, "CLPlacemark": .location, "MKMapItem": .location, "CNContact": .contact,
        "CNPhoneNumber": .phoneNumber, "WFFileRepresentation": .file, "PDFDocument": .pdf, "AVAsset": .media,
    ]

    static let objectOfClass = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getclassaction", title: "Get Object of Class",
            description:
                "Converts the input to a class by its name: a content item class (WFImageContentItem…) or the Foundation class Apple's runtime would hand over (NSString, NSNumber, NSURL, NSDate, NSDictionary, NSData, UIImage…).",
            parameters: [
                ParameterMetadata(key: "Class", title: "Class", description: "e.g. NSURL or WFDictionaryContentItem", type: .text),
                ParameterMetadata(key: "Input", title: "Input", type: .content, isRequired: true),
            ],
            inputParameter: "Input", outputType: "Content", outputName: "Object", keywords: ["coerce", "cast", "convert"])
    ) { parameters in
        let name = parameters["Class"]
        return { input, run in
            let className = (try run.text(name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !className.isEmpty else { throw ActionFailure("no class is given", parameter: "Class") }
            guard let target = ContentClass(rawValue: className) ?? foundationClasses[className] else {
                throw ActionFailure(
                    "\"\(className.prefix(60))\" is not a class this runtime knows; use a content item class such as WFURLContentItem or NSString, NSNumber, NSURL, NSDate, NSDictionary, NSData",
                    parameter: "Class")
            }
            return try run.convert(input, to: target, parameter: "Input")
        }
    }

    static let fileOfType = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.gettypeaction", title: "Get File of Type",
            description:
                "Gets the input as a file of a type (a uniform type identifier such as public.jpeg or public.plain-text). Files of that type, or of a kind it names (public.image), pass; other content becomes a file of a text type when one is asked for.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true),
                ParameterMetadata(key: "WFFileType", title: "Type", description: "e.g. public.png", type: .text, isRequired: true),
            ],
            inputParameter: "WFInput", outputType: "File", outputName: "File of Type", keywords: ["uti", "convert"])
    ) { parameters in
        let typeExpression = parameters["WFFileType"]
        return { input, run in
            guard let type = try run.text(typeExpression)?.trimmingCharacters(in: .whitespaces), !type.isEmpty else {
                throw ActionFailure("no type is given", parameter: "WFFileType")
            }
            var files: [Content] = []
            for item in try run.convert(input, to: .file, parameter: "WFInput").items {
                guard case .file(var file) = item else { continue }
                let own = file.typeIdentifier ?? UniformType.identifier(forFileName: file.name)
                if own == type || UniformType.Family(rawValue: type).map({ UniformType.conforms(own, to: $0) }) == true {
                    files.append(item)
                } else if UniformType.isText(type), UniformType.isText(own) || own == "public.data" {
                    // Text is text whatever its name says: give it the asked type and its extension.
                    file.typeIdentifier = type
                    if let ext = UniformType.preferredExtension(for: type) { file.name = file.baseName + "." + ext }
                    files.append(.file(file))
                } else {
                    throw ActionFailure(
                        "can't use File (\(own)) \"\(file.name)\" as a file of type \(type)", parameter: "WFInput")
                }
            }
            return Content(items: files)
        }
    }

    /// A Get … from Input action: the input's items of a class, through the content graph; the
    /// items that aren't one are left out.
    static func finder(
        _ identifier: String, title: String, description: String, outputType: String, outputName: String, keywords: [String],
        finding target: ContentClass
    ) -> ActionDefinition {
        ActionDefinition(
            metadata: ActionMetadata(
                identifier: identifier, title: title, description: description,
                parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
                inputParameter: "WFInput", outputType: outputType, outputName: outputName, keywords: keywords)
        ) { _ in
            { input, run in try lenient(input, to: target, run: run) }
        }
    }

    static let detectImages = finder(
        "is.workflow.actions.detect.images", title: "Get Images from Input",
        description: "Outputs the images in the input: image files, and what image URLs hold (downloaded). Other items are left out.",
        outputType: "Image", outputName: "Images", keywords: ["photos", "pictures"], finding: .image)

    static let detectEmailAddresses = finder(
        "is.workflow.actions.detect.emailaddress", title: "Get Email Addresses from Input",
        description: "Outputs every email address written in the input.", outputType: "Email Address", outputName: "Email Addresses",
        keywords: ["mail", "extract"], finding: .emailAddress)

    static let detectPhoneNumbers = finder(
        "is.workflow.actions.detect.phonenumber", title: "Get Phone Numbers from Input",
        description: "Outputs every phone number written in the input (7 to 15 digits, with +, spaces, dots, dashes or parentheses).",
        outputType: "Phone Number", outputName: "Phone Numbers", keywords: ["tel", "extract"], finding: .phoneNumber)

    static let detectAddresses = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.detect.address", title: "Get Addresses from Input",
            description:
                "Outputs the street addresses written in the input: a line with a house number and a street word (Street, Ave, Road, Straße, rue, via…), with the lines of town and postcode that follow it.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
            inputParameter: "WFInput", outputType: "Location", outputName: "Addresses", keywords: ["street", "extract", "location"])
    ) { _ in
        { input, _ in
            Content(items: input.items.flatMap { AddressScanner.addresses(in: $0.text).map(Content.text) })
        }
    }

    static let detectContacts = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.detect.contacts", title: "Get Contacts from Input",
            description:
                "Reads the contacts in vCard text or .vcf files: each contact's name, phone numbers, email addresses, company, birthday, addresses, URLs and notes.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
            inputParameter: "WFInput", outputType: "Contact", outputName: "Contacts", keywords: ["vcard", "vcf", "people"])
    ) { _ in
        { input, _ in
            var contacts: [Content] = []
            for item in input.items {
                if case .entity(let entity) = item, entity.typeName == "Contact" {
                    contacts.append(item)
                    continue
                }
                contacts += VCard.contacts(in: item.text).map(Content.entity)
            }
            return Content(items: contacts)
        }
    }

    static let emailAddress = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.email", title: "Email Address",
            description: "Outputs the email addresses given.",
            parameters: [ParameterMetadata(key: "WFEmailAddress", title: "Email Address", type: .text, isRequired: true, isList: true)],
            outputType: "Email Address", outputName: "Email Address", keywords: ["mail"])
    ) { parameters in
        let value = parameters["WFEmailAddress"]
        return { _, run in try addresses(try run.content(value), as: .emailAddress, parameter: "WFEmailAddress", run: run) }
    }

    static let phoneNumber = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.phonenumber", title: "Phone Number",
            description: "Outputs the phone numbers given.",
            parameters: [ParameterMetadata(key: "WFPhoneNumber", title: "Phone Number", type: .text, isRequired: true, isList: true)],
            outputType: "Phone Number", outputName: "Phone Number", keywords: ["tel", "call"])
    ) { parameters in
        let value = parameters["WFPhoneNumber"]
        return { _, run in try addresses(try run.content(value), as: .phoneNumber, parameter: "WFPhoneNumber", run: run) }
    }

    static let viewContentGraph = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.viewresult", title: "View Content Graph",
            description:
                "Shows each input item's class and every class the content graph can turn it into (without downloading anything); passes the input on.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
            inputParameter: "WFInput", keywords: ["debug", "types", "coercion"]),
        passesInputThrough: true
    ) { _ in
        { input, run in
            run.environment.show(ContentGraphReport.text(for: input, graph: run.graph))
            return input
        }
    }

    // MARK: Shared

    /// Each item converted where it converts; the others left out.
    static func lenient(_ input: Content, to target: ContentClass, run: RunContext) throws -> Content {
        do {
            return Content(items: try run.graph.coerce(input, to: target).items)
        } catch {
            throw error.failure(parameter: "WFInput")
        }
    }

    /// The email addresses or phone numbers a parameter gives: each item's text, which must hold one.
    static func addresses(_ content: Content, as target: ContentClass, parameter: String, run: RunContext) throws -> Content {
        var found: [Content] = []
        for item in content.items {
            let text = item.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { continue }
            found += try run.convert(.text(text), to: target, parameter: parameter).items
        }
        guard !found.isEmpty else { throw ActionFailure("no \(target.displayName.lowercased()) is given", parameter: parameter) }
        return Content(items: found)
    }
}

/// The text View Content Graph shows: each item, then the classes it converts to.
enum ContentGraphReport {
    static let classes: [ContentClass] = [
        .text, .richText, .number, .boolean, .date, .url, .dictionary, .file, .image, .pdf, .media, .emailAddress, .phoneNumber,
        .location,
    ]

    static func text(for input: Content, graph: ContentGraph) -> String {
        // Nothing is downloaded or read to draw the graph.
        let offline = ContentGraph(download: nil) { path in throw ActionFailure("not read: \(path)") }
        var lines: [String] = []
        let items = input.items
        if items.isEmpty { return "Nothing" }
        for (index, item) in items.enumerated() {
            let shown = TextExcerpt.safe(String(item.text.prefix(50)), limit: 50)
            lines.append("\(items.count > 1 ? "\(index + 1). " : "")\(item.typeName) \"\(shown)\"")
            let reachable = classes.map { target -> String in
                do throws(ContentConversionError) {
                    let converted = try offline.convert(item, to: target)
                    let count = converted.items.count
                    return target.displayNameForGraph + (count > 1 ? " (\(count) items)" : "")
                } catch  where error.isRefusal {
                    return ""
                } catch {
                    return target.displayNameForGraph + " (by downloading or reading it)"
                }
            }.filter { !$0.isEmpty }
            for (position, name) in reachable.enumerated() {
                lines.append((position == reachable.count - 1 ? "└─ " : "├─ ") + name)
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension ContentClass {
    fileprivate var displayNameForGraph: String {
        let article = self.article
        return String(article[article.index(after: article.firstIndex(of: " ")!)...])
    }
}

/// Finds street addresses written in text, for Get Addresses from Input.
///
/// Apple uses a data detector trained on addresses; this reads the shapes most addresses take:
/// a house number next to a street word, on one line, then the lines after it that hold a
/// postcode or a town (up to two).
enum AddressScanner {
    static let streetWords: Set<String> = [
        "street", "st", "avenue", "ave", "road", "rd", "boulevard", "blvd", "lane", "ln", "drive", "dr", "way", "court", "ct",
        "place", "pl", "square", "sq", "terrace", "highway", "hwy", "parkway", "pkwy", "circle", "loop", "row", "close",
        "crescent", "straße", "strasse", "str", "weg", "allee", "platz", "gasse", "rue", "avenida", "calle", "via", "viale",
        "corso", "piazza", "plaza", "laan", "straat", "gade", "gatan", "vägen", "infinite",
    ]

    static func addresses(in text: String) -> [String] {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        var found: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard isStreetLine(line) else {
                index += 1
                continue
            }
            var parts = [line]
            var next = index + 1
            while next < lines.count, next - index <= 2, isTownLine(lines[next]) {
                parts.append(lines[next])
                next += 1
            }
            found.append(parts.joined(separator: ", "))
            index = next
        }
        return found
    }

    static func isStreetLine(_ line: String) -> Bool {
        // The European one-line form: a street and number, then a postcode and town.
        if line.range(of: #"\p{L}+ \d+\p{L}?, \d{4,5} \p{Lu}\p{L}+"#, options: .regularExpression) != nil { return true }
        let words = line.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "ß" }).map(String.init)
        guard words.contains(where: { $0.first?.isNumber == true }) else { return false }
        return words.contains { word in
            streetWords.contains(word) || streetWords.contains { $0.count > 4 && word.hasSuffix($0) }
        }
    }

    /// A line of a town and postcode: short, with a postcode (`95014`, `10115`, `SW1A 1AA`), or
    /// capitalized names around a comma (`Cupertino, CA`).
    static func isTownLine(_ line: String) -> Bool {
        guard !line.isEmpty, line.count <= 60, !isStreetLine(line) else { return false }
        if line.range(of: #"\b\d{4,6}\b|\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b"#, options: .regularExpression) != nil { return true }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "," })
        return line.contains(",") && words.count <= 5 && words.allSatisfy { $0.first?.isUppercase == true }
    }
}

/// Reads vCard (RFC 6350, and the 2.1 and 3.0 forms phones export) into contact entities.
enum VCard {
    static func contacts(in text: String) -> [EntityContent] {
        // Unfold continuation lines (a line starting with a space or tab continues the one before).
        var lines: [String] = []
        for raw in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += raw.dropFirst()
            } else {
                lines.append(String(raw))
            }
        }
        var contacts: [EntityContent] = []
        var fields: [(name: String, parameters: String, value: String)]?
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let head = line[..<colon]
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            var nameParts = head.split(separator: ";", maxSplits: 1)
            // Grouped properties (item1.TEL) keep only the property.
            if let dot = nameParts.first?.lastIndex(of: ".") { nameParts[0] = nameParts[0][nameParts[0].index(after: dot)...] }
            let name = nameParts.first.map { $0.uppercased() } ?? ""
            let parameters = nameParts.count > 1 ? String(nameParts[1]) : ""
            if name == "BEGIN", value.uppercased() == "VCARD" {
                fields = []
            } else if name == "END", value.uppercased() == "VCARD" {
                if let fields { contacts.append(contact(from: fields)) }
                fields = nil
            } else {
                fields?.append((name, parameters, unescaped(value)))
            }
        }
        return contacts
    }

    static func unescaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\N", with: "\n")
            .replacingOccurrences(of: "\\,", with: ",").replacingOccurrences(of: "\\;", with: ";")
            .replacingOccurrences(of: "\\\\", with: "\\")
    }

    static func contact(from fields: [(name: String, parameters: String, value: String)]) -> EntityContent {
        func all(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value).filter { !$0.isEmpty } }
        let structured = all("N").first?.split(separator: ";", omittingEmptySubsequences: false).map(String.init) ?? []
        let last = structured.first ?? ""
        let first = structured.count > 1 ? structured[1] : ""
        let middle = structured.count > 2 ? structured[2] : ""
        let company = all("ORG").first?.split(separator: ";").first.map(String.init) ?? ""
        let fullName =
            all("FN").first
            ?? [first, middle, last].filter { !$0.isEmpty }.joined(separator: " ").nonEmpty ?? company.nonEmpty ?? "No Name"
        var properties = ContentDictionary()
        properties["First Name"] = .text(first)
        properties["Middle Name"] = .text(middle)
        properties["Last Name"] = .text(last)
        properties["Nickname"] = .text(all("NICKNAME").first ?? "")
        properties["Company"] = .text(company)
        properties["Job Title"] = .text(all("TITLE").first ?? "")
        properties["Phone Numbers"] = .list(all("TEL").map(Content.text))
        properties["Email Addresses"] = .list(all("EMAIL").map(Content.text))
        properties["URLs"] = .list(all("URL").map(Content.text))
        properties["Street Address"] = .list(
            all("ADR").map { address in
                .text(
                    address.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                        .filter { !$0.isEmpty }.joined(separator: ", "))
            })
        if let birthday = all("BDAY").first, let date = DateParser.parse(birthday) ?? DateParser.parse(compactDate(birthday)) {
            properties["Birthday"] = .date(date)
        }
        properties["Notes"] = .text(all("NOTE").joined(separator: "\n"))
        return EntityContent(
            typeName: "Contact", identifier: all("UID").first ?? fullName, displayTitle: fullName,
            subtitle: all("EMAIL").first ?? all("TEL").first, properties: properties)
    }

    /// `19850412` as `1985-04-12`.
    static func compactDate(_ text: String) -> String {
        guard text.count == 8, text.allSatisfy(\.isNumber) else { return text }
        let characters = Array(text)
        return String(characters[0..<4]) + "-" + String(characters[4..<6]) + "-" + String(characters[6..<8])
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
