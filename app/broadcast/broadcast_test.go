package broadcast_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"touchmove/app/broadcast"
)

func game(board int, moves string) broadcast.Game {
	return broadcast.Game{Board: board, PGN: []byte(fmt.Sprintf("[Board \"%d\"]\n\n%s *\n", board, moves))}
}

// The folder gets games.pgn in board order and game-N.pgn; with a delay,
// what is published is the round as it stood that long ago.
func TestPublisherDelay(t *testing.T) {
	dir := t.TempDir()
	now := time.Unix(1000, 0)
	p := broadcast.NewPublisher(broadcast.Options{Dir: dir, Delay: 10 * time.Second, Now: func() time.Time { return now }})
	read := func(name string) string {
		data, _ := os.ReadFile(filepath.Join(dir, name))
		return string(data)
	}
	p.Update([]broadcast.Game{game(1, "1. e4"), game(2, "1. d4")})
	if read("games.pgn") != "" {
		t.Fatal("published before the delay")
	}
	now = now.Add(5 * time.Second)
	p.Update([]broadcast.Game{game(1, "1. e4 e5"), game(2, "1. d4")})
	now = now.Add(5 * time.Second)
	p.Publish()
	if got, want := read("games.pgn"), "[Board \"1\"]\n\n1. e4 *\n\n[Board \"2\"]\n\n1. d4 *\n"; got != want {
		t.Errorf("games.pgn %q, want %q", got, want)
	}
	if got := read("game-1.pgn"); got != "[Board \"1\"]\n\n1. e4 *\n" {
		t.Errorf("game-1.pgn %q", got)
	}
	now = now.Add(5 * time.Second)
	p.Publish()
	if got := read("game-1.pgn"); !strings.Contains(got, "1. e4 e5 *") {
		t.Errorf("game-1.pgn after the delay %q", got)
	}
	p.Update([]broadcast.Game{game(1, "1. e4 e5 2. Nf3"), game(2, "1. d4")})
	if err := p.Final(); err != nil {
		t.Fatal(err)
	}
	if got := read("game-1.pgn"); !strings.Contains(got, "2. Nf3 *") {
		t.Errorf("the end of the round held back: %q", got)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*")); len(m) > 0 {
		t.Errorf("temporary files left: %v", m)
	}
}

func TestServeHTTP(t *testing.T) {
	p := broadcast.NewPublisher(broadcast.Options{})
	p.Update([]broadcast.Game{game(3, "1. e4"), game(5, "1. c4")})
	srv := httptest.NewServer(p)
	defer srv.Close()
	for _, tt := range []struct {
		path string
		code int
		body string
	}{
		{"/games.pgn", 200, "[Board \"3\"]\n\n1. e4 *\n\n[Board \"5\"]\n\n1. c4 *\n"},
		{"/game-5.pgn", 200, "[Board \"5\"]\n\n1. c4 *\n"},
		{"/game-4.pgn", 404, ""},
		{"/game-x.pgn", 404, ""},
		{"/", 404, ""},
	} {
		resp, err := http.Get(srv.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.code || tt.code == 200 && (string(body) != tt.body || resp.Header.Get("Content-Type") != "application/x-chess-pgn; charset=utf-8") {
			t.Errorf("%s: %d %q, want %d %q", tt.path, resp.StatusCode, body, tt.code, tt.body)
		}
	}
	resp, err := http.Post(srv.URL+"/games.pgn", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", resp.StatusCode)
	}
}

// fakeLichess is a local endpoint speaking lichess's push API: it fails
// the first requests, then takes the PGN and answers a game each.
type fakeLichess struct {
	mu     sync.Mutex
	fails  int
	bodies []string
	bad    []string
}

func (f *fakeLichess) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.Method != http.MethodPost || r.URL.Path != "/api/broadcast/round/abcd1234/push" ||
		r.Header.Get("Authorization") != "Bearer lip_secret" || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/plain") {
		f.bad = append(f.bad, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization"))
		http.Error(w, "no", http.StatusUnauthorized)
		return
	}
	if f.fails > 0 {
		f.fails--
		http.Error(w, "busy", http.StatusServiceUnavailable)
		return
	}
	body, _ := io.ReadAll(r.Body)
	f.bodies = append(f.bodies, string(body))
	n := strings.Count(string(body), "[Board ")
	var games []string
	for i := 0; i < n; i++ {
		games = append(games, `{"tags":{"Board":"1"},"moves":1}`)
	}
	if n > 1 {
		games[1] = `{"tags":{"Board":"2"},"error":"illegal move"}`
	}
	fmt.Fprintf(w, `{"games":[%s]}`, strings.Join(games, ","))
}

func (f *fakeLichess) requests() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.bodies...)
}

// The push: the PGN as text with the bearer token, tried again with
// backoff while the endpoint fails, the newest round sent, the endpoint's
// word on a game reported (issue 48).
func TestPusher(t *testing.T) {
	fake := &fakeLichess{fails: 2}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	results := make(chan broadcast.PushResult, 20)
	p := broadcast.NewPusher(broadcast.PushOptions{URL: srv.URL + "/api/broadcast/round/abcd1234/push", Token: "lip_secret",
		Backoff: 20 * time.Millisecond, OnResult: func(r broadcast.PushResult) { results <- r }})
	defer p.Close()
	p.Push(broadcast.Snapshot{Games: []broadcast.Game{game(1, "1. e4"), game(2, "1. d4")}})
	for i := 0; i < 2; i++ {
		r := <-results
		if r.Err == nil || r.Retry != 20*time.Millisecond<<i {
			t.Errorf("try %d: %+v, want an error retried after %v", i+1, r, 20*time.Millisecond<<i)
		}
	}
	r := <-results
	if r.Err != nil || r.Games != 2 || len(r.GameErrors) != 1 || r.GameErrors[0] != "board 2: illegal move" {
		t.Errorf("push: %+v", r)
	}
	if got := fake.requests(); len(got) != 1 || got[0] != "[Board \"1\"]\n\n1. e4 *\n\n[Board \"2\"]\n\n1. d4 *\n" {
		t.Errorf("bodies %q", got)
	}
	if len(fake.bad) > 0 {
		t.Errorf("bad requests %q", fake.bad)
	}
}

// A refusal (a wrong token) is said and not tried again; the next change
// is pushed.
func TestPusherRefused(t *testing.T) {
	fake := &fakeLichess{}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	results := make(chan broadcast.PushResult, 20)
	p := broadcast.NewPusher(broadcast.PushOptions{URL: srv.URL + "/api/broadcast/round/abcd1234/push", Token: "wrong",
		Backoff: 10 * time.Millisecond, OnResult: func(r broadcast.PushResult) { results <- r }})
	defer p.Close()
	p.Push(broadcast.Snapshot{Games: []broadcast.Game{game(1, "1. e4")}})
	if r := <-results; r.Err == nil || r.Retry != 0 || !strings.Contains(r.Err.Error(), "HTTP 401") {
		t.Errorf("%+v", r)
	}
	select {
	case r := <-results:
		t.Errorf("tried again: %+v", r)
	case <-time.After(100 * time.Millisecond):
	}
}

// A push never holds the recording up: an endpoint that hangs leaves Push
// returning at once, and Close cuts it short; more than 64 games go in
// several requests.
func TestPusherNeverBlocks(t *testing.T) {
	hang := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-hang }))
	defer srv.Close()
	defer close(hang)
	p := broadcast.NewPusher(broadcast.PushOptions{URL: srv.URL, Token: "t"})
	start := time.Now()
	for i := 0; i < 100; i++ {
		p.Push(broadcast.Snapshot{Games: []broadcast.Game{game(1, strings.Repeat("e4 ", i))}})
	}
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Errorf("100 pushes took %v", d)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	p.Flush(ctx)
	cancel()
	p.Close()

	fake := &fakeLichess{}
	srv2 := httptest.NewServer(fake)
	defer srv2.Close()
	q := broadcast.NewPusher(broadcast.PushOptions{URL: srv2.URL + "/api/broadcast/round/abcd1234/push", Token: "lip_secret"})
	defer q.Close()
	var games []broadcast.Game
	for i := 1; i <= 130; i++ {
		games = append(games, game(i, "1. e4"))
	}
	q.Push(broadcast.Snapshot{Games: games})
	ctx, cancel = context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	q.Flush(ctx)
	if got := fake.requests(); len(got) != 3 || strings.Count(got[0], "[Board ") != 64 || strings.Count(got[2], "[Board ") != 2 {
		t.Errorf("%d requests", len(got))
	}
}
