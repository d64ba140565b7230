package uci

import (
	"testing"
	"time"
)

func TestLimitsCommand(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name string
		lim  Limits
		want string
	}{
		{"none", Limits{}, "go infinite"},
		{"depth", Limits{Depth: 3}, "go depth 3"},
		{"movetime", Limits{MoveTime: 1500 * ms}, "go movetime 1500"},
		{"clock", Limits{WTime: 60 * time.Second, BTime: 59500 * ms}, "go wtime 60000 btime 59500"},
		{"increment", Limits{WTime: 5 * time.Second, BTime: 4 * time.Second, WInc: 50 * ms, BInc: 100 * ms},
			"go wtime 5000 btime 4000 winc 50 binc 100"},
		{"movestogo", Limits{WTime: time.Minute, BTime: time.Minute, MovesToGo: 12}, "go wtime 60000 btime 60000 movestogo 12"},
		{"flagged side", Limits{WTime: -time.Second, BTime: time.Second}, "go wtime 1 btime 1000"},
		{"depth and clock", Limits{Depth: 2, WTime: time.Second, BTime: time.Second}, "go depth 2 wtime 1000 btime 1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.lim.command(); got != tt.want {
				t.Errorf("command() = %q, want %q", got, tt.want)
			}
		})
	}
}
