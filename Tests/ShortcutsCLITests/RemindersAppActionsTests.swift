import Foundation
import ShortcutsTestSupport
import Testing

/// The Reminders app's own actions (`com.apple.reminders.*`) through the built `shortcuts`, on
/// the vdir store of iCalendar to-dos, read back by python3-icalendar (an independent library).
@Suite(.serialized) struct RemindersAppActionsTests {
    let runner: CommandRunner
    var home: String { runner.home }

    init() throws {
        runner = try CommandRunner()
        runner.extraEnvironment["TZ"] = "Europe/Paris"
        runner.extraEnvironment["LANG"] = "en_GB.UTF-8"
    }

    func run(_ source: String) throws -> ProcessOutput {
        let file = try runner.write(Data("\(source)\n".utf8), to: "reminders-\(UUID().uuidString).sct")
        return try runner.run(["run", file])
    }

    /// Each to-do under `Reminders/`, one line: list folder, title, status, section, tags, priority, parent's title.
    func todos() throws -> [String] {
        let read = try ProcessRun.run(
            "/usr/bin/python3",
            [
                "-c",
                """
                import icalendar, glob, sys, os
                root = sys.argv[1] + '/Reminders'
                todos = []
                for path in sorted(glob.glob(root + '/*/*.ics')):
                    todo = icalendar.Calendar.from_ical(open(path, 'rb').read()).walk('VTODO')[0]
                    todos.append((path.split('/')[-2], todo))
                titles = {str(todo['UID']): str(todo['SUMMARY']) for _, todo in todos}
                for folder, todo in todos:
                    tags = todo.get('CATEGORIES')
                    tags = ','.join(str(t) for t in tags.cats) if tags is not None else '-'
                    parent = titles.get(str(todo.get('RELATED-TO', '')), '-')
                    print('|'.join([folder, str(todo['SUMMARY']), str(todo['STATUS']), str(todo.get('X-SHORTCUTS-SECTION', '-')),
                                    tags, str(todo.get('PRIORITY', '-')), parent]))
                """,
                home,
            ])
        #expect(read.status == 0, "\(read.error)")
        return read.output.split(separator: "\n").map(String.init).sorted()
    }

    func sections(_ folder: String) -> [String] {
        let text = (try? String(contentsOfFile: home + "/Reminders/\(folder)/sections", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    @Test func listsSectionsRemindersAndSubtasksAreToDosOtherProgramsRead() throws {
        let made = try run(
            """
            groceries = com.apple.reminders.TTRCreateListAppIntent name: "Groceries"
            com.apple.reminders.CreateSectionAppIntent name: "Dairy", list: groceries
            milk = com.apple.reminders.TTRCreateReminderAppIntent title: "Buy milk", notes: "Two litres", dueDate: "2030-01-02 09:00", targetList: groceries, targetSection: "Dairy", priorityLevel: "High", flags: true, tags: ["shop", "#weekly"], urls: ["https://example.com/milk"], subtasks: ["Oat", "Whole"]
            com.apple.reminders.TTRCreateReminderAppIntent title: "Bread", targetList: "groceries"
            Text "\\(milk.Title) \\(milk.List) \\(milk.Priority) \\(milk."Is Flagged")"
            """)
        #expect(made.status == 0, "\(made.error)")
        #expect(made.output == "Buy milk Groceries High Yes\n", "\(made.output)")
        #expect(
            try todos() == [
                "Groceries|Bread|NEEDS-ACTION|-|-|-|-", "Groceries|Buy milk|NEEDS-ACTION|Dairy|shop,weekly|1|-",
                "Groceries|Oat|NEEDS-ACTION|-|-|-|Buy milk", "Groceries|Whole|NEEDS-ACTION|-|-|-|Buy milk",
            ])
        #expect(sections("Groceries") == ["Dairy"])
        #expect((try String(contentsOfFile: home + "/Reminders/Groceries/displayname", encoding: .utf8)) == "Groceries\n")

        // Completing with its subtasks; then tags removed and added by title.
        let completed = try run(
            """
            found = com.apple.reminders.TTRSearchRemindersAppIntent searchPhrase: "milk"
            com.apple.reminders.CompleteReminderAppIntent reminder: found, completeSubtasks: true
            com.apple.reminders.AddOrRemoveTagsAppIntent operation: "Remove", reminders: "Buy milk", tags: "weekly"
            com.apple.reminders.AddOrRemoveTagsAppIntent operation: "Add", reminders: "Bread", tags: ["bakery", "shop"]
            com.apple.reminders.TTRSearchRemindersAppIntent searchPhrase: "SHOP"
            is.workflow.actions.properties.reminders WFContentItemPropertyName: "Title"
            """)
        #expect(completed.status == 0, "\(completed.error)")
        #expect(completed.output.split(separator: "\n").sorted() == ["Bread", "Buy milk"], "\(completed.output)")
        #expect(
            try todos() == [
                "Groceries|Bread|NEEDS-ACTION|-|bakery,shop|-|-", "Groceries|Buy milk|COMPLETED|Dairy|shop|1|-",
                "Groceries|Oat|COMPLETED|-|-|-|Buy milk", "Groceries|Whole|COMPLETED|-|-|-|Buy milk",
            ])

        // Moving: to another list (the section stays behind), into a section, under a parent.
        let moved = try run(
            """
            errands = com.apple.reminders.TTRCreateListAppIntent name: "Errands"
            com.apple.reminders.CreateSectionAppIntent name: "Town", list: errands
            com.apple.reminders.MoveRemindersAppIntent reminders: "Bread", targetType: "List", list: errands
            com.apple.reminders.MoveRemindersAppIntent reminders: "Bread", targetType: "Section", section: "Town"
            com.apple.reminders.MoveRemindersAppIntent reminders: "Oat", targetType: "Parent Reminder", parentReminder: "Bread"
            """)
        #expect(moved.status == 0, "\(moved.error)")
        #expect(
            try todos() == [
                "Errands|Bread|NEEDS-ACTION|Town|bakery,shop|-|-", "Errands|Oat|COMPLETED|-|-|-|Bread",
                "Groceries|Buy milk|COMPLETED|Dairy|shop|1|-", "Groceries|Whole|COMPLETED|-|-|-|Buy milk",
            ])

        // A deleted section leaves its reminders in the list; deleting a reminder takes its
        // subtasks unless told not to; a deleted list goes to Recently Deleted whole.
        let deleted = try run(
            """
            com.apple.reminders.DeleteSectionsAppIntent entities: "Town"
            com.apple.reminders.DeleteRemindersAppIntent entities: "Bread", deleteSubtasks: false
            com.apple.reminders.DeleteRemindersAppIntent entities: "Buy milk"
            """)
        #expect(deleted.status == 0, "\(deleted.error)")
        #expect(sections("Errands") == [])
        #expect(try todos() == ["Errands|Oat|COMPLETED|-|-|-|-"])
        let bin = home + "/Reminders/.Recently Deleted"
        // Bread's and Oat's old files (they moved to Errands, and a move keeps the old file there), Buy milk and its subtask Whole.
        #expect(try FileManager.default.contentsOfDirectory(atPath: bin + "/Groceries").count == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bin + "/Errands").count == 1)
        let gone = try run("com.apple.reminders.DeleteListsAppIntent entities: \"Groceries\"")
        #expect(gone.status == 0, "\(gone.error)")
        #expect(!FileManager.default.fileExists(atPath: home + "/Reminders/Groceries"))
        #expect(FileManager.default.fileExists(atPath: bin + "/Groceries 2/displayname"))
    }

    @Test func openListHandsTheListsFolderToTheDesktop() throws {
        let opened = runner.directory.path + "/opened"
        let opener = try runner.write(Data("#!/bin/sh\necho \"$1\" >> \(opened)\n".utf8), to: "bin/xdg-open")
        chmod(opener, 0o755)
        runner.extraEnvironment["PATH"] = runner.directory.path + "/bin:/usr/bin:/bin"
        let result = try run(
            """
            com.apple.reminders.TTRCreateListAppIntent name: "Home: Weekend"
            com.apple.reminders.TTROpenSmartListAppIntent target: "home: weekend"
            com.apple.reminders.TTROpenSmartListAppIntent target: "Today"
            """)
        #expect(result.status == 0, "\(result.error)")
        let lines = (try String(contentsOfFile: opened, encoding: .utf8)).split(separator: "\n").map(String.init)
        #expect(lines == ["file://" + home + "/Reminders/Home-%20Weekend/", "file://" + home + "/Reminders/"], "\(lines)")
    }

    /// Bad input names the action (its position and identifier) and the parameter, and exits non-zero.
    @Test func mistakesNameTheActionAndTheParameter() throws {
        let cases: [(String, String)] = [
            (
                "com.apple.reminders.TTRCreateReminderAppIntent title: \"X\", targetList: \"Nope\"",
                "parameter targetList: there is no reminder list named “Nope”"
            ),
            ("com.apple.reminders.TTRCreateReminderAppIntent title: \"X\", priorityLevel: \"Urgent\"", "parameter priorityLevel"),
            ("com.apple.reminders.CompleteReminderAppIntent reminder: \"Nothing like it\"", "parameter reminder: no reminder is called"),
            ("com.apple.reminders.AddOrRemoveTagsAppIntent operation: \"Swap\", reminders: \"X\", tags: \"a\"", "parameter operation"),
            ("com.apple.reminders.MoveRemindersAppIntent reminders: \"X\", targetType: \"Shelf\"", "parameter"),
            ("com.apple.reminders.DeleteSectionsAppIntent entities: \"Nowhere\"", "parameter entities: there is no list section named"),
            ("com.apple.reminders.TTRSearchRemindersAppIntent searchPhrase: \"  \"", "parameter searchPhrase"),
            ("com.apple.reminders.DeleteListsAppIntent entities: \"\"", "parameter entities: no reminder list was given"),
        ]
        _ = try run("com.apple.reminders.TTRCreateReminderAppIntent title: \"X\"")
        for (source, message) in cases {
            let result = try run(source)
            #expect(result.status != 0, "\(source)")
            #expect(result.error.contains("com.apple.reminders."), "\(source): \(result.error)")
            #expect(result.error.contains(message), "\(source): \(result.error)")
        }
        let section = try run(
            """
            com.apple.reminders.CreateSectionAppIntent name: "Soon"
            com.apple.reminders.CreateSectionAppIntent name: "soon"
            """)
        #expect(section.status != 0 && section.error.contains("already has a section named"), "\(section.error)")
    }

    /// The actions are listed as the Reminders app's, and their friendly names work in text.
    @Test func theyAreListedAsTheRemindersAppsAndWrittenByName() throws {
        let listed = try runner.run(["actions", "--app", "Reminders"])
        #expect(listed.status == 0, "\(listed.error)")
        let heads = listed.output.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(heads.count == 11, "\(listed.output)")
        #expect(heads.allSatisfy { $0.hasPrefix("com.apple.reminders.") && $0.contains("(Reminders)") })
        #expect(try runner.run(["actions", "--app", "com.apple.reminders"]).output == listed.output)
        let json = try runner.run(["actions", "--json"])
        #expect(json.output.contains("\"app\" : \"Reminders\""))
        let named = try run(
            """
            list = CreateList "Shopping"
            CreateReminder "Eggs", targetList: list
            SearchInReminders "egg"
            is.workflow.actions.properties.reminders WFContentItemPropertyName: "List"
            """)
        #expect(named.status == 0 && named.output == "Shopping\n", "\(named.output) \(named.error)")
    }
}
