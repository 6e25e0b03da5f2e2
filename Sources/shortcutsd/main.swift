import ShortcutsApp
import ShortcutsService

ServiceDaemon.main(app: AppServer.make)
