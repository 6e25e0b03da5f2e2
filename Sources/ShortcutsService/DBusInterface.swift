/// The service's names on the session bus and the introspection data that `gdbus`, `busctl`
/// and python3-dbus read to type their calls.
public enum DBusInterface {
    public static let busName = "org.swiftshortcuts.Events"
    public static let objectPath = "/org/swiftshortcuts/Events"
    public static let interface = "org.swiftshortcuts.Events1"

    /// The Events interface's introspection.
    static let eventsXML = """
         <interface name="\(interface)">
          <method name="ListShortcuts"><arg name="shortcuts" type="aa{sv}" direction="out"/></method>
          <method name="ListFolders"><arg name="folders" type="aa{sv}" direction="out"/></method>
          <method name="RunShortcut">
           <arg name="shortcut" type="s" direction="in"/>
           <arg name="input" type="s" direction="in"/>
           <arg name="output" type="s" direction="out"/>
          </method>
          <method name="RunShortcutWithOptions">
           <arg name="shortcut" type="s" direction="in"/>
           <arg name="input" type="s" direction="in"/>
           <arg name="options" type="a{sv}" direction="in"/>
           <arg name="output" type="s" direction="out"/>
          </method>
          <method name="ImportShortcut">
           <arg name="source" type="s" direction="in"/>
           <arg name="options" type="a{sv}" direction="in"/>
           <arg name="imported" type="a{sv}" direction="out"/>
          </method>
          <method name="RunShortcutWithFiles">
           <arg name="shortcut" type="s" direction="in"/>
           <arg name="inputPaths" type="as" direction="in"/>
           <arg name="outputPaths" type="as" direction="out"/>
          </method>
          <method name="CancelRun">
           <arg name="run" type="s" direction="in"/>
           <arg name="cancelled" type="u" direction="out"/>
          </method>
          <method name="ListRuns"><arg name="runs" type="aa{sv}" direction="out"/></method>
          <method name="ListHistory">
           <arg name="shortcut" type="s" direction="in"/>
           <arg name="status" type="s" direction="in"/>
           <arg name="since" type="s" direction="in"/>
           <arg name="runs" type="aa{sv}" direction="out"/>
          </method>
          <method name="ShowRun">
           <arg name="runID" type="s" direction="in"/>
           <arg name="run" type="s" direction="out"/>
          </method>
         </interface>

        """
}
