package clock_test

import (
	"fmt"
	"time"

	"touchmove/core/clock"
)

func ExampleClock() {
	now := time.Date(2024, 3, 14, 15, 0, 0, 0, time.UTC)
	source := func() time.Time { return now }
	blitz := clock.Fischer(3*time.Minute, 2*time.Second)
	c, _ := clock.New(blitz, blitz, source)

	fmt.Println("start:", clock.FormatDisplay(c.Remaining(clock.White), clock.TenthsDefault))
	c.Start()
	now = now.Add(10 * time.Second)
	ev, _ := c.Press(clock.White)
	fmt.Printf("1. e4 {[%%clk %s] [%%emt %s]}\n", clock.FormatPGNClock(ev.Remaining[ev.Side]), clock.FormatPGNClock(ev.Used))

	at, _ := c.NextFlagAt()
	fmt.Println("black flags in", at.Sub(now))
	now = at
	f, _ := c.Flag()
	fmt.Println(f.Side, "flagged at", f.At)
	// Output:
	// start: 3:02
	// 1. e4 {[%clk 0:02:54] [%emt 0:00:10]}
	// black flags in 3m2s
	// black flagged at 3m12s
}

func ExampleParseTimeControl() {
	for _, s := range []string{"40/5400+30:1800+30", "60 + 0.5", "1800d5", "G/90;d5"} {
		tc, err := clock.ParseTimeControl(s)
		if err != nil {
			fmt.Printf("%q kept as text: %v\n", tc.String(), err)
			continue
		}
		c, _ := tc.Control()
		fmt.Printf("%s: starts at %s, %s\n", tc, clock.FormatPGNClock(c.Initial()), c.Category())
	}
	// Output:
	// 40/5400+30:1800+30: starts at 1:30:30, standard
	// 60+0.5: starts at 0:01:00.5, blitz
	// 1800d5: starts at 0:30:00, rapid
	// "G/90;d5" kept as text: clock: syntax error in "G/90;d5" at offset 0: expected a number
}

func ExampleFormatTags() {
	white, black := clock.Armageddon(0)
	fmt.Printf("%+v\n", clock.FormatTags(white, black))
	// Output:
	// {TimeControl:? WhiteTimeControl:300 BlackTimeControl:240 WhiteClock: BlackClock: AppClockMode:}
}

func ExampleFormatDisplay() {
	for _, d := range []time.Duration{3*time.Hour + 25*time.Second, 4*time.Minute + 7*time.Second, 9870 * time.Millisecond} {
		fmt.Println(clock.FormatDisplay(d, clock.TenthsDefault))
	}
	// Output:
	// 3:00:25
	// 4:07
	// 9.8
}
