import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// System Settings' Users & Groups and Login Items actions (`com.apple.systempreferences.*`,
/// macOS 15's keys), read from this machine: accounts and groups from the system's user
/// database (`/etc/passwd` and `/etc/group`, or LDAP and the rest through NSS, as `getent` sees
/// them; a directory that doesn't let its accounts be listed, as sssd by default, shows only
/// those named), login items from the XDG autostart folders, background items from the
/// systemd user units that start with the session.
///
/// As Users & Groups lists people, not system accounts, the accounts listed are those whose
/// number is at least `UID_MIN` (`GID_MIN` for groups) of `/etc/login.defs`, 1000 without it,
/// and below the overflow id 65534 (nobody); any account can still be named. An administrator is root or
/// a member of `sudo`, `wheel` or `admin`, the groups Debian, Fedora and older Ubuntu give that
/// power to.
enum AccountActions {
    static let prefix = "com.apple.systempreferences."
    static let accountType = "Account"
    static let loginItemType = "Login Item"
    static let administratorGroups: Set<String> = ["sudo", "wheel", "admin"]

    static var all: [ActionDefinition] {
        [currentUser, listAccounts, groupMembership, identifier, userGroup, homeFolder, userIsAdmin, loginItems, backgroundItems].inApp(
            "System Settings")
    }

    // MARK: The user database

    /// An account of the user database: a user or a group.
    struct Account: Equatable {
        var name: String
        var id: UInt32
        var isGroup: Bool
        /// A user's full name (the GECOS field's first part), its home folder, shell and group.
        var fullName = ""
        var home = ""
        var shell = ""
        var groupID: UInt32 = 0
        /// A group's members as the group file names them.
        var members: [String] = []
    }

    /// `getpwent` and `getgrent` walk one list per process.
    private static let enumeration = Mutex(())

    static func user(_ entry: passwd) -> Account {
        let gecos = entry.pw_gecos.map { String(cString: $0) } ?? ""
        return Account(
            name: String(cString: entry.pw_name), id: entry.pw_uid, isGroup: false,
            fullName: String(gecos.split(separator: ",", omittingEmptySubsequences: false).first ?? ""),
            home: String(cString: entry.pw_dir), shell: String(cString: entry.pw_shell), groupID: entry.pw_gid)
    }

    static func group(_ entry: group) -> Account {
        var members: [String] = []
        var cursor = entry.gr_mem
        while let member = cursor?.pointee {
            members.append(String(cString: member))
            cursor = cursor?.advanced(by: 1)
        }
        return Account(name: String(cString: entry.gr_name), id: entry.gr_gid, isGroup: true, groupID: entry.gr_gid, members: members)
    }

    /// Every user of the database, in its order.
    static func allUsers() -> [Account] {
        enumeration.withLock { _ in
            var found: [Account] = []
            setpwent()
            while let entry = getpwent() { found.append(user(entry.pointee)) }
            endpwent()
            return found
        }
    }

    /// Every group of the database, in its order.
    static func allGroups() -> [Account] {
        enumeration.withLock { _ in
            var found: [Account] = []
            setgrent()
            while let entry = getgrent() { found.append(group(entry.pointee)) }
            endgrent()
            return found
        }
    }

    /// Calls a reentrant lookup (`getpwnam_r` and its kin) with a buffer that grows while the
    /// entry doesn't fit (a directory's large groups), converting what it finds while the buffer
    /// lives; `nil` when there is no such entry or the lookup fails.
    static func lookUp<Entry, Found>(
        _ empty: Entry,
        _ call: (UnsafeMutablePointer<Entry>, UnsafeMutablePointer<CChar>, Int, UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>) ->
            Int32,
        _ convert: (Entry) -> Found
    ) -> Found? {
        var size = 16_384
        while size <= 16 << 20 {
            var entry = empty
            var result: UnsafeMutablePointer<Entry>?
            var buffer = [CChar](repeating: 0, count: size)
            let found: Found?? = buffer.withUnsafeMutableBufferPointer { bytes in
                withUnsafeMutablePointer(to: &entry) { entry in
                    let status = call(entry, bytes.baseAddress!, bytes.count, &result)
                    if status == ERANGE { return .none }
                    guard status == 0, let result else { return .some(nil) }
                    return .some(convert(result.pointee))
                }
            }
            if let found { return found }
            size *= 4
        }
        return nil
    }

    /// A user by name or number.
    static func user(named name: String? = nil, id: uid_t? = nil) -> Account? {
        lookUp(
            passwd(),
            { entry, buffer, size, result in
                if let name {
                    getpwnam_r(name, entry, buffer, size, result)
                } else {
                    getpwuid_r(id ?? getuid(), entry, buffer, size, result)
                }
            }, user)
    }

    /// A group by name or number.
    static func group(named name: String? = nil, id: gid_t? = nil) -> Account? {
        lookUp(
            Glibc.group(),
            { entry, buffer, size, result in
                if let name {
                    getgrnam_r(name, entry, buffer, size, result)
                } else {
                    getgrgid_r(id ?? getgid(), entry, buffer, size, result)
                }
            }, group)
    }

    /// The groups a user is in: its own group and those naming it.
    static func groups(of user: Account) -> [Account] {
        var count: Int32 = 64
        var ids = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(user.name, user.groupID, &ids, &count) < 0 {
            ids = [gid_t](repeating: 0, count: Int(count))
            _ = getgrouplist(user.name, user.groupID, &ids, &count)
        }
        return ids.prefix(Int(max(count, 0))).compactMap { group(id: $0) }
    }

    static func isAdministrator(_ user: Account) -> Bool {
        user.id == 0 || groups(of: user).contains { administratorGroups.contains($0.name) }
    }

    /// `UID_MIN` or `GID_MIN` of `/etc/login.defs` (`root` is the machine's root, for tests).
    static func firstPersonID(group: Bool, root: String = "") -> UInt32 {
        let key = group ? "GID_MIN" : "UID_MIN"
        let text = (try? String(contentsOfFile: root + "/etc/login.defs", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.count >= 2, words[0] == key, let value = UInt32(words[1]) { return value }
        }
        return 1000
    }

    /// The people's accounts (or groups), as Users & Groups lists them.
    static func people(groups: Bool, root: String = "") -> [Account] {
        let first = firstPersonID(group: groups, root: root)
        return (groups ? allGroups() : allUsers()).filter { $0.id >= first && $0.id < 65534 }
    }

    // MARK: As content

    static func content(_ account: Account) -> Content {
        var properties: ContentDictionary = [
            "Name": .text(account.name), "Number": .number(Double(account.id)), "Is Group": .boolean(account.isGroup),
        ]
        if !account.isGroup {
            properties["Full Name"] = .text(account.fullName)
            properties["Home Folder"] = .text(account.home)
            properties["Shell"] = .text(account.shell)
        }
        return .entity(
            EntityContent(
                typeName: accountType, identifier: (account.isGroup ? "group:" : "user:") + account.name,
                displayTitle: account.fullName.isEmpty ? account.name : account.fullName,
                subtitle: account.isGroup ? "Group" : account.name, properties: properties))
    }

    /// The account a parameter gives: an account from an earlier action, a name, or a number.
    ///
    /// - Parameter group: whether a name or number given is a group's (else a user's).
    static func account(_ given: Content, group wantsGroup: Bool, parameter: String) throws -> Account {
        if case .entity(let entity) = given, entity.typeName == accountType {
            let isGroup = entity.identifier.hasPrefix("group:")
            let name = String(entity.identifier.drop(while: { $0 != ":" }).dropFirst())
            if let found = isGroup ? group(named: name) : user(named: name) { return found }
            throw ActionFailure("the \(isGroup ? "group" : "user") \(name) is no longer on this machine", parameter: parameter)
        }
        let text = (given.dictionary?["Name"] ?? given).text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw ActionFailure("no \(wantsGroup ? "group" : "user") was given", parameter: parameter) }
        let found =
            if let number = UInt32(text) { wantsGroup ? group(id: number) : user(id: number) } else {
                wantsGroup ? group(named: text) : user(named: text)
            }
        guard let found else {
            throw ActionFailure("this machine has no \(wantsGroup ? "group" : "user") “\(text.prefix(60))”", parameter: parameter)
        }
        return found
    }

    static func givenAccount(_ parameters: CompiledParameters, _ key: String, _ input: Content, group: Bool, run: RunContext) throws
        -> Account
    {
        try account(parameters[key].isAbsent ? input : try run.content(parameters[key]), group: group, parameter: key)
    }

    static func userParameter(_ key: String = "userEntity", title: String = "User") -> ParameterMetadata {
        ParameterMetadata(key: key, title: title, type: .content, isRequired: true, entityType: accountType)
    }

    // MARK: Users & Groups

    static let currentUser = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "CurrentUserIntent", title: "Current User",
            description: "Gives the account running the shortcut: its name, full name, number, home folder and shell.",
            outputType: accountType, outputName: "Current User", keywords: ["whoami", "account", "me", "login"])
    ) { _ in
        { _, _ in
            guard let me = user(id: getuid()) else { throw ActionFailure("the user database has no account numbered \(getuid())") }
            return content(me)
        }
    }

    static let listAccounts = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "ListOfAcountsIntent", title: "List of Accounts",
            description:
                "Lists the people's accounts on this computer (Users), or their groups (Groups), as Users & Groups shows them: system accounts are left out.",
            parameters: [
                ParameterMetadata(key: "type", title: "Type", type: .enumeration, options: ["Users", "Groups"], defaultValue: "Users")
            ],
            outputType: accountType, outputName: "Accounts", keywords: ["users", "groups", "people"])
    ) { parameters in
        { _, run in
            let type = (try run.text(parameters["type"]) ?? "Users").trimmingCharacters(in: .whitespaces).lowercased()
            let groups: Bool
            switch type {
            case "", "users", "user", "accounts", "account": groups = false
            case "groups", "group": groups = true
            default: throw ActionFailure("“\(type.prefix(40))” is not a type of account; use Users or Groups", parameter: "type")
            }
            return .list(people(groups: groups).map(content))
        }
    }

    static let groupMembership = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "GroupMembershipIntent", title: "Group Membership",
            description: "Lists a group's members: the users it names and those for whom it is their own group.",
            parameters: [userParameter("groupEntity", title: "Group")],
            inputParameter: "groupEntity", outputType: accountType, outputName: "Members", keywords: ["members", "users"])
    ) { parameters in
        { input, run in
            let group = try givenAccount(parameters, "groupEntity", input, group: true, run: run)
            guard group.isGroup else { throw ActionFailure("\(group.name) is a user, not a group", parameter: "groupEntity") }
            var names = group.members
            for user in allUsers() where user.groupID == group.id && !names.contains(user.name) { names.append(user.name) }
            return .list(names.compactMap { user(named: $0) }.map(content))
        }
    }

    static let identifier = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "IdentifierIntent", title: "Identifier",
            description: "Gives an account's number: a user's user ID, a group's group ID.",
            parameters: [userParameter("accountEntity", title: "Account")],
            inputParameter: "accountEntity", outputType: "Number", outputName: "Identifier", keywords: ["uid", "gid", "id"])
    ) { parameters in
        { input, run in
            let given = parameters["accountEntity"].isAbsent ? input : try run.content(parameters["accountEntity"])
            // A name is a user's, else a group's.
            if let user = try? account(given, group: false, parameter: "accountEntity") { return .number(Double(user.id)) }
            return .number(Double(try account(given, group: true, parameter: "accountEntity").id))
        }
    }

    static let userGroup = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "UserGroupIntent", title: "User Group",
            description: "Gives the name of a user's own group (its primary group).",
            parameters: [userParameter()], inputParameter: "userEntity", outputType: "Text", outputName: "Group",
            keywords: ["primary group", "gid"])
    ) { parameters in
        { input, run in
            let user = try givenAccount(parameters, "userEntity", input, group: false, run: run)
            guard !user.isGroup else { throw ActionFailure("\(user.name) is a group, not a user", parameter: "userEntity") }
            return .text(group(id: user.groupID)?.name ?? String(user.groupID))
        }
    }

    static let homeFolder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "UserHomeFolderIntent", title: "User Home Folder",
            description: "Gives a user's home folder.",
            parameters: [userParameter()], inputParameter: "userEntity", outputType: "Folder", outputName: "Home Folder",
            keywords: ["home", "directory"])
    ) { parameters in
        { input, run in
            let user = try givenAccount(parameters, "userEntity", input, group: false, run: run)
            guard !user.isGroup, !user.home.isEmpty else { throw ActionFailure("\(user.name) has no home folder", parameter: "userEntity") }
            guard LocalFiles.exists(user.home).isFolder else {
                throw ActionFailure("\(user.name)'s home folder \(user.home) doesn't exist", parameter: "userEntity")
            }
            return .file(
                FileContent(
                    name: URL(fileURLWithPath: user.home).lastPathComponent, data: Data(), path: user.home,
                    typeIdentifier: LocalFiles.folderType))
        }
    }

    static let userIsAdmin = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "UserIsAdminIntent", title: "User Is Admin",
            description: "Says whether a user may administer this computer: root, or a member of sudo, wheel or admin.",
            parameters: [userParameter()], inputParameter: "userEntity", outputType: "Boolean", outputName: "Is Admin",
            keywords: ["administrator", "sudo", "root"])
    ) { parameters in
        { input, run in
            let user = try givenAccount(parameters, "userEntity", input, group: false, run: run)
            guard !user.isGroup else { throw ActionFailure("\(user.name) is a group, not a user", parameter: "userEntity") }
            return .boolean(isAdministrator(user))
        }
    }

    // MARK: Login items

    /// A login item: what starts with the session, from an autostart entry or a user unit.
    static func loginItem(name: String, path: String, command: String, kind: String) -> Content {
        .entity(
            EntityContent(
                typeName: loginItemType, identifier: path, displayTitle: name, subtitle: kind,
                properties: ["Name": .text(name), "Path": .text(path), "Command": .text(command), "Kind": .text(kind)]))
    }

    /// The autostart entries that start with the session: the user's folder first, an entry of
    /// the same name there replacing the system's, hidden and turned-off ones left out.
    static func autostartEntries(_ variables: [String: String]) -> [Content] {
        let configHome = UserFolders.configHome(in: variables)
        let configDirs = (variables["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg").split(separator: ":")
        var seen: Set<String> = []
        var items: [Content] = []
        for directory in [configHome] + configDirs.map(String.init) {
            let folder = directory + "/autostart"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".desktop") }.sorted()
            for name in names where seen.insert(name).inserted {
                guard let values = DesktopAppActions.entryValues(folder + "/" + name), values["Hidden"] != "true",
                    values["X-GNOME-Autostart-enabled"] != "false"
                else { continue }
                items.append(
                    loginItem(
                        name: values["Name"] ?? String(name.dropLast(".desktop".count)), path: folder + "/" + name,
                        command: values["Exec"] ?? "", kind: "Open at Login"))
            }
        }
        return items
    }

    /// The systemd user units started with the session: those a `*.target.wants` folder of the
    /// user's, the administrator's or the packages' user units holds (the first of a name
    /// wins), less those the user masked (a link to `/dev/null`).
    static func sessionUnits(_ variables: [String: String], roots: [String]? = nil) -> [Content] {
        let user = UserFolders.configHome(in: variables) + "/systemd/user"
        let roots = roots ?? [user, "/etc/systemd/user", "/usr/lib/systemd/user"]
        var seen: Set<String> = []
        var items: [Content] = []
        for root in roots {
            let wants = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasSuffix(".target.wants") }
                .sorted()
            for folder in wants {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).sorted()
                for name in names where !name.hasPrefix(".") && seen.insert(name).inserted {
                    if (try? FileManager.default.destinationOfSymbolicLink(atPath: roots[0] + "/" + name)) == "/dev/null" { continue }
                    let path = root + "/" + folder + "/" + name
                    var target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? path
                    if !target.hasPrefix("/") { target = URL(fileURLWithPath: root + "/" + folder + "/" + target).standardizedFileURL.path }
                    guard target != "/dev/null" else { continue }
                    items.append(loginItem(name: name, path: target, command: "", kind: "Allow in the Background"))
                }
            }
        }
        return items
    }

    static let loginItems = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "UserLoginItemsIntent", title: "User Login Items",
            description:
                "Lists the apps that open at login: the desktop's autostart entries (yours in ~/.config/autostart, then the system's), those hidden or turned off left out.",
            outputType: loginItemType, outputName: "Login Items", keywords: ["autostart", "startup", "open at login"])
    ) { _ in
        { _, run in .list(autostartEntries(run.environment.variables)) }
    }

    static let backgroundItems = ActionDefinition(
        metadata: ActionMetadata(
            identifier: prefix + "BackgroundLoginItemsIntent", title: "Background Login Items",
            description:
                "Lists what runs in the background from login: the systemd user units enabled to start with the session, yours then the system's.",
            outputType: loginItemType, outputName: "Background Items", keywords: ["systemd", "services", "daemons", "startup"])
    ) { _ in
        { _, run in .list(sessionUnits(run.environment.variables)) }
    }
}
