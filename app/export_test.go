package app

// Abandon lets go of the journal's lock without removing it, as the end of
// a killed process does. The writes under way finish first, as they would
// have well before the kill a test stands for.
func (j *Journal) Abandon() {
	j.Flush()
	j.unlock()
}
