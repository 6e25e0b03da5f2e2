/// The service's names on the session bus and the introspection data that `gdbus`, `busctl`
/// and python3-dbus read to type their calls.
public enum DBusInterface {
    public static let busName = "org.swiftshortcuts.Events"
    public static let objectPath = "/org/swiftshortcuts/Events"
    public static let interface = "org.swiftshortcuts.Events1"

    /// The Introspect answer for ``objectPath``.
    static let introspection = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
         <interface name="org.freedesktop.DBus.Introspectable">
          <method name="Introspect"><arg name="xml_data" type="s" direction="out"/></method>
         </interface>
         <interface name="org.freedesktop.DBus.Peer">
          <method name="Ping"/>
          <method name="GetMachineId"><arg name="machine_uuid" type="s" direction="out"/></method>
         </interface>
         <interface name="\(interface)">
          <method name="ListShortcuts"><arg name="shortcuts" type="aa{sv}" direction="out"/></method>
          <method name="ListFolders"><arg name="folders" type="aa{sv}" direction="out"/></method>
          <method name="RunShortcut">
           <arg name="shortcut" type="s" direction="in"/>
           <arg name="input" type="s" direction="in"/>
           <arg name="output" type="s" direction="out"/>
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
        </node>

        """
}
