import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Trello's actions through its REST API, with the person's API key and token
/// (trello.com/power-ups/admin): boards, lists and cards as content (`Trello Board`, `Trello
/// List`, `Trello Card`), a board or list given by name found among the person's own.
enum TrelloActions {
    static let all: [ActionDefinition] = [createBoard, createList, addCard, getItems, details]

    static let boardType = "Trello Board"
    static let listType = "Trello List"
    static let cardType = "Trello Card"

    static func account(_ run: RunContext, parameter: String) throws -> ServiceAccount {
        try ServiceAccount(
            "Trello", setting: "trello", credentials: ["trello-key", "trello-token"],
            howTo: "make an API key and a token for it at trello.com/power-ups/admin", parameter: parameter, run: run)
    }

    static func url(_ account: ServiceAccount, _ path: String, _ query: [(String, String)] = []) throws -> URL {
        try account.url(path, query: query)
    }

    /// A request carrying the key and token in the header Trello documents, not in the URL.
    static func request(_ account: ServiceAccount, _ url: URL, method: String = "GET") -> HTTPRequest {
        var request = HTTPRequest(url: url, method: method)
        request.setHeader(
            "Authorization", "OAuth oauth_consumer_key=\"\(account["trello-key"])\", oauth_token=\"\(account["trello-token"])\"")
        return request
    }

    /// A JSON value's text, `nil` when it is absent, null or empty.
    static func present(_ value: Content) -> String? {
        let text = value.isNothing ? "" : value.text
        return text.isEmpty ? nil : text
    }

    /// A board, list or card from the API's JSON.
    static func item(_ json: Content, type: String) -> Content {
        var properties: ContentDictionary = [
            "Name": .text(json.property("name").text), "Description": .text(json.property("desc").text),
            "Is Closed": .boolean(json.property("closed").boolean ?? false),
        ]
        if let url = URL(string: json.property("url").text), !json.property("url").text.isEmpty { properties["URL"] = .url(url) }
        if let board = present(json.property("idBoard")) { properties["Board ID"] = .text(board) }
        if let list = present(json.property("idList")) { properties["List ID"] = .text(list) }
        if let due = present(json.property("due")), let date = ISO8601.date(from: due) { properties["Due Date"] = .date(date) }
        return .entity(
            EntityContent(
                typeName: type, identifier: json.property("id").text, displayTitle: json.property("name").text, properties: properties))
    }

    /// The person's open boards.
    static func boards(_ account: ServiceAccount) throws -> [Content] {
        try account.json(request(account, try url(account, "/1/members/me/boards", [("filter", "open")]))).items.map {
            item($0, type: boardType)
        }
    }

    /// The board a parameter gives: a board from an earlier action, or a board's name.
    static func board(_ given: Content, account: ServiceAccount, parameter: String) throws -> Content {
        if case .entity(let entity) = given, entity.typeName == boardType { return given }
        let name = given.text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw ActionFailure("no Trello board is given", parameter: parameter) }
        guard let found = try boards(account).first(where: { $0.property("Name").text.caseInsensitiveCompare(name) == .orderedSame }) else {
            throw ActionFailure("you have no Trello board named “\(name.prefix(60))”", parameter: parameter)
        }
        return found
    }

    static func lists(of board: Content, account: ServiceAccount) throws -> [Content] {
        guard case .entity(let entity) = board else { return [] }
        return try account.json(request(account, try url(account, "/1/boards/\(entity.identifier)/lists", [("filter", "open")]))).items.map
        {
            item($0, type: listType)
        }
    }

    /// The list a parameter gives: a list from an earlier action, or a list's name on the board.
    static func list(_ given: Content, board: Content?, account: ServiceAccount, parameter: String) throws -> Content {
        if case .entity(let entity) = given, entity.typeName == listType { return given }
        let name = given.text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw ActionFailure("no Trello list is given", parameter: parameter) }
        guard let board else { throw ActionFailure("a list given by name needs its board", parameter: parameter) }
        guard
            let found = try lists(of: board, account: account).first(where: {
                $0.property("Name").text.caseInsensitiveCompare(name) == .orderedSame
            })
        else {
            throw ActionFailure("the board “\(board.property("Name").text)” has no list named “\(name.prefix(60))”", parameter: parameter)
        }
        return found
    }

    static func identifier(_ item: Content) -> String {
        if case .entity(let entity) = item { return entity.identifier }
        return ""
    }

    /// Top or bottom, as Trello's `pos` takes them.
    static func position(_ text: String?) -> String { (text ?? "").lowercased().hasPrefix("t") ? "top" : "bottom" }

    static let createBoard = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.trello.add.board", title: "Create Trello Board",
            description: "Makes a board in your Trello account.",
            parameters: [
                ParameterMetadata(key: "WFTrelloName", title: "Name", type: .text, isRequired: true),
                ParameterMetadata(key: "WFTrelloDescription", title: "Description", type: .text),
            ],
            inputParameter: "WFTrelloName", outputType: boardType, outputName: "Board", isReadOnly: false, keywords: ["kanban", "project"])
    ) { parameters in
        { input, run in
            let account = try account(run, parameter: "WFTrelloName")
            let name = parameters["WFTrelloName"].isAbsent ? input.text : try run.text(parameters["WFTrelloName"]) ?? ""
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ActionFailure("no name is given", parameter: "WFTrelloName")
            }
            let query = [("name", name), ("desc", try run.text(parameters["WFTrelloDescription"]) ?? "")]
            return item(try account.json(request(account, try url(account, "/1/boards/", query), method: "POST")), type: boardType)
        }
    }

    static let createList = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.trello.add.list", title: "Create Trello List",
            description: "Makes a list on one of your Trello boards, at its top or bottom.",
            parameters: [
                ParameterMetadata(key: "WFTrelloName", title: "Name", type: .text, isRequired: true),
                ParameterMetadata(key: "WFTrelloBoard", title: "Board", type: .content, isRequired: true, entityType: boardType),
                ParameterMetadata(
                    key: "WFTrelloPosition", title: "Position", type: .enumeration, options: ["Top", "Bottom"], defaultValue: "Bottom"),
            ],
            inputParameter: "WFTrelloName", outputType: listType, outputName: "List", isReadOnly: false, keywords: ["column"])
    ) { parameters in
        { input, run in
            let account = try account(run, parameter: "WFTrelloBoard")
            let name = parameters["WFTrelloName"].isAbsent ? input.text : try run.text(parameters["WFTrelloName"]) ?? ""
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ActionFailure("no name is given", parameter: "WFTrelloName")
            }
            let board = try board(try run.content(parameters["WFTrelloBoard"]), account: account, parameter: "WFTrelloBoard")
            let query = [("name", name), ("idBoard", identifier(board)), ("pos", position(try run.text(parameters["WFTrelloPosition"])))]
            return item(try account.json(request(account, try url(account, "/1/lists", query), method: "POST")), type: listType)
        }
    }

    static let addCard = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.trello.add.card", title: "Add Trello Card",
            description: "Adds a card to a list of one of your Trello boards, with a description, a due date and files attached.",
            parameters: [
                ParameterMetadata(key: "WFTrelloName", title: "Item", type: .text, isRequired: true),
                ParameterMetadata(key: "WFTrelloBoard", title: "Board", type: .content, entityType: boardType),
                ParameterMetadata(key: "WFTrelloList", title: "List", type: .content, isRequired: true, entityType: listType),
                ParameterMetadata(key: "WFTrelloDueDate", title: "Due", type: .date),
                ParameterMetadata(
                    key: "WFTrelloCardPosition", title: "Position", type: .enumeration, options: ["Top", "Bottom"], defaultValue: "Bottom"),
                ParameterMetadata(key: "WFTrelloAttachments", title: "Attachments", type: .file, isList: true),
                ParameterMetadata(key: "WFTrelloDescription", title: "Description", type: .text),
            ],
            inputParameter: "WFTrelloName", outputType: cardType, outputName: "Card", isReadOnly: false, keywords: ["task", "todo"])
    ) { parameters in
        { input, run in
            let account = try account(run, parameter: "WFTrelloList")
            let name = parameters["WFTrelloName"].isAbsent ? input.text : try run.text(parameters["WFTrelloName"]) ?? ""
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ActionFailure("no card name is given", parameter: "WFTrelloName")
            }
            let givenBoard = try run.content(parameters["WFTrelloBoard"])
            let board = givenBoard.isNothing ? nil : try board(givenBoard, account: account, parameter: "WFTrelloBoard")
            let list = try list(try run.content(parameters["WFTrelloList"]), board: board, account: account, parameter: "WFTrelloList")
            var query = [
                ("idList", identifier(list)), ("name", name), ("desc", try run.text(parameters["WFTrelloDescription"]) ?? ""),
                ("pos", position(try run.text(parameters["WFTrelloCardPosition"]))),
            ]
            if let due = try run.content(parameters["WFTrelloDueDate"]).date { query.append(("due", ISO8601.string(from: due))) }
            let card = try account.json(request(account, try url(account, "/1/cards", query), method: "POST"))
            for item in try run.content(parameters["WFTrelloAttachments"]).items {
                guard case .file(let file) = try run.convert(item, to: .file, parameter: "WFTrelloAttachments").items.first ?? .nothing
                else {
                    continue
                }
                let (body, type) = WebActions.formBody(["file": .file(file), "name": .text(file.name)])
                var upload = request(account, try url(account, "/1/cards/\(card.property("id").text)/attachments"), method: "POST")
                upload.body = body
                upload.setHeader("Content-Type", type)
                try account.send(upload, parameter: "WFTrelloAttachments")
            }
            return item(card, type: cardType)
        }
    }

    static let getItems = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.trello.get", title: "Get Trello Items",
            description: "Gives your Trello boards, the lists of a board, or the cards of a list (or of a whole board).",
            parameters: [
                ParameterMetadata(
                    key: "WFTrelloItemType", title: "Get", type: .enumeration, options: ["Boards", "Lists", "Cards"], defaultValue: "Boards"
                ),
                ParameterMetadata(key: "WFTrelloBoard", title: "Board", type: .content, entityType: boardType),
                ParameterMetadata(key: "WFTrelloList", title: "List", type: .content, entityType: listType),
            ],
            outputType: cardType, outputName: "Trello Items", keywords: ["boards", "cards", "lists"])
    ) { parameters in
        { _, run in
            let account = try account(run, parameter: "WFTrelloItemType")
            let kind = (try run.text(parameters["WFTrelloItemType"]) ?? "Boards").lowercased()
            if kind.hasPrefix("board") { return .list(try boards(account)) }
            let givenBoard = try run.content(parameters["WFTrelloBoard"])
            let board = givenBoard.isNothing ? nil : try board(givenBoard, account: account, parameter: "WFTrelloBoard")
            if kind.hasPrefix("list") {
                guard let board else { throw ActionFailure("give the board whose lists to get", parameter: "WFTrelloBoard") }
                return .list(try lists(of: board, account: account))
            }
            guard kind.hasPrefix("card") else {
                throw ActionFailure("“\(kind.prefix(30))” is not what to get: Boards, Lists or Cards", parameter: "WFTrelloItemType")
            }
            let givenList = try run.content(parameters["WFTrelloList"])
            let path: String
            if !givenList.isNothing {
                path = "/1/lists/\(identifier(try list(givenList, board: board, account: account, parameter: "WFTrelloList")))/cards"
            } else if let board {
                path = "/1/boards/\(identifier(board))/cards"
            } else {
                throw ActionFailure("give the list or board whose cards to get", parameter: "WFTrelloList")
            }
            return .list(try account.json(request(account, try url(account, path))).items.map { item($0, type: cardType) })
        }
    }

    static let details = DetailActions.make(
        "is.workflow.actions.properties.trello", title: "Get Details of Trello Item", of: cardType,
        properties: ["Name", "Description", "URL", "Due Date", "Is Closed", "Board ID", "List ID"], default: "Name",
        description: "Gives a detail of Trello boards, lists and cards: Name, Description, URL, Due Date, Is Closed, Board ID or List ID.",
        item: { given, _ in
            guard case .entity(let entity) = given, [boardType, listType, cardType].contains(entity.typeName) else {
                throw ActionFailure("expected a Trello board, list or card, got \(given.quotedForError)", parameter: "WFInput")
            }
            return given
        })
}
