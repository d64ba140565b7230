package dgt

// PortExample is a port a board may be on, to show where a port is typed.
const PortExample = "COM3"

// boardPorts returns no port of its own: on Windows a board's USB or
// Bluetooth serial driver makes a COM port, and the system's list of them
// (Ports) is all there is.
func boardPorts() []string { return nil }
