import ActionSupport

/// The person's calendars, reminders, contacts, notes and mail.
package enum PersonalDataCatalog {
    /// Its actions, group by group, each made when first asked for.
    package static let groups: [CatalogGroup] = [
        { CalendarActions.all.listed(under: .calendar) },
        { CalendarAppActions.all.listed(under: .calendar) },
        { ReminderActions.all.listed(under: .calendar) },
        { RemindersAppActions.all.listed(under: .calendar) },
        { ContactActions.all.listed(under: .sharing) },
        { MailActions.all.listed(under: .sharing) },
        { MailAppActions.all.listed(under: .sharing) },
        { NoteActions.all.listed(under: .documents) },
        { NotesAppActions.all.listed(under: .documents) },
    ]

    package static var entries: [CatalogEntry] { groups.entries }
}
