extension HTMLDocument {
    /// The node written back as HTML: elements with their attributes, text escaped. `resolving`
    /// turns each `href` and `src` into an absolute address; `keep` says which elements are written
    /// (a dropped element takes its contents with it).
    public func html(
        of index: Int, includingSelf: Bool = true, resolving: ((String) -> String)? = nil, keep: ((Int) -> Bool)? = nil
    ) -> String {
        var output = ""
        write(index, into: &output, includingSelf: includingSelf, resolving: resolving, keep: keep)
        return output
    }

    private func write(
        _ index: Int, into output: inout String, includingSelf: Bool, resolving: ((String) -> String)?, keep: ((Int) -> Bool)?
    ) {
        let node = nodes[index]
        guard let name = node.name else {
            output += HTMLDocument.escaped(node.text)
            return
        }
        if !includingSelf || index == Self.document {
            for child in node.children { write(child, into: &output, includingSelf: true, resolving: resolving, keep: keep) }
            return
        }
        if let keep, !keep(index) { return }
        output += "<" + name
        for attribute in node.attributes {
            var value = attribute.value
            if let resolving, attribute.name == "href" || attribute.name == "src" { value = resolving(value) }
            output += " \(attribute.name)=\"\(HTMLDocument.escaped(value, quotes: true))\""
        }
        output += ">"
        if HTMLElements.void.contains(name) { return }
        for child in node.children { write(child, into: &output, includingSelf: true, resolving: resolving, keep: keep) }
        output += "</\(name)>"
    }

    /// Text with `&`, `<` and `>` (and `"` in attribute values) as entities.
    public static func escaped(_ text: String, quotes: Bool = false) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where quotes: output += "&quot;"
            default: output.append(character)
            }
        }
        return output
    }

    /// A whole HTML document around a fragment, declared UTF-8.
    public static func fullDocument(body: String, title: String? = nil) -> String {
        let head = title.map { "<title>\(escaped($0))</title>" } ?? ""
        return "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\(head)\n</head>\n<body>\n\(body)\n</body>\n</html>\n"
    }
}
