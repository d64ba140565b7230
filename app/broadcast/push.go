package broadcast

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// PushOptions configures a Pusher.
type PushOptions struct {
	// URL is the push endpoint of a broadcast round, as lichess has it:
	// https://lichess.org/api/broadcast/round/{id}/push.
	URL string
	// Token is the bearer token (on lichess, one with study:write).
	Token string
	// Client makes the requests (default: one with a 30 s timeout).
	Client *http.Client
	// Backoff is the first wait after a failure, doubled at each failure
	// up to MaxBackoff (defaults 1 s and 1 min).
	Backoff, MaxBackoff time.Duration
	// PerPush is how many games a request carries at most (default 64, as
	// lichess takes them); a larger round is pushed in several requests.
	PerPush int
	// OnResult is told of every push's outcome, on the pusher's goroutine.
	OnResult func(PushResult)
}

// PushResult is what one push of the round came to.
type PushResult struct {
	Games int   // the games pushed
	Err   error // nil when the endpoint took the push
	// GameErrors are the endpoint's words on games it refused, by the
	// game's Board tag (or its place in the push).
	GameErrors []string
	// Retry is the wait before the next try, after an error that may pass
	// (the network, the endpoint busy); 0 when the push is not tried again.
	Retry time.Duration
}

// Pusher pushes the round to a broadcast endpoint on a goroutine of its
// own, so that the recording never waits for the network: Push hands it
// the newest snapshot and returns at once; a snapshot not yet sent is
// replaced by a newer one. Failures are tried again with backoff.
type Pusher struct {
	o      PushOptions
	mu     sync.Mutex
	next   *Snapshot
	wake   chan struct{}
	cancel context.CancelFunc
	done   chan struct{}
}

// NewPusher starts a pusher; Close stops it.
func NewPusher(o PushOptions) *Pusher {
	if o.Client == nil {
		o.Client = &http.Client{Timeout: 30 * time.Second}
	}
	if o.Backoff <= 0 {
		o.Backoff = time.Second
	}
	if o.MaxBackoff < o.Backoff {
		o.MaxBackoff = max(o.Backoff, time.Minute)
	}
	if o.PerPush <= 0 {
		o.PerPush = 64
	}
	ctx, cancel := context.WithCancel(context.Background())
	p := &Pusher{o: o, wake: make(chan struct{}, 1), cancel: cancel, done: make(chan struct{})}
	go p.run(ctx)
	return p
}

// Push hands the pusher s to send; it never blocks.
func (p *Pusher) Push(s Snapshot) {
	p.mu.Lock()
	p.next = &s
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// Close stops the pusher and waits for its goroutine; a push under way is
// cut short.
func (p *Pusher) Close() {
	p.cancel()
	<-p.done
}

// Flush waits until the snapshot handed last has been sent (or given up),
// or ctx ends: the end of the round.
func (p *Pusher) Flush(ctx context.Context) {
	for {
		p.mu.Lock()
		pending := p.next != nil
		p.mu.Unlock()
		if !pending {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func (p *Pusher) run(ctx context.Context) {
	defer close(p.done)
	wait := p.o.Backoff
	for {
		select {
		case <-ctx.Done():
			return
		case <-p.wake:
		}
		for {
			p.mu.Lock()
			s := p.next
			p.mu.Unlock()
			if s == nil {
				break
			}
			res := p.pushAll(ctx, *s)
			if ctx.Err() != nil {
				return
			}
			if res.Err != nil && retryable(res.Err) {
				res.Retry = wait
			}
			if p.o.OnResult != nil {
				p.o.OnResult(res)
			}
			if res.Retry == 0 {
				wait = p.o.Backoff
				p.mu.Lock()
				if p.next == s {
					p.next = nil // sent, or refused for good: the next change is pushed
				}
				p.mu.Unlock()
				continue
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			case <-p.wake: // a newer snapshot: try it at once
			}
			wait = min(2*wait, p.o.MaxBackoff)
		}
	}
}

// pushAll pushes s, PerPush games a request.
func (p *Pusher) pushAll(ctx context.Context, s Snapshot) PushResult {
	res := PushResult{Games: len(s.Games)}
	for i := 0; i < len(s.Games); i += p.o.PerPush {
		part := Snapshot{Games: s.Games[i:min(i+p.o.PerPush, len(s.Games))]}
		errs, err := p.post(ctx, part.All())
		res.GameErrors = append(res.GameErrors, errs...)
		if err != nil {
			res.Err = err
			return res
		}
	}
	return res
}

// statusError is an answer of the endpoint other than 200.
type statusError struct {
	code int
	body string
}

func (e *statusError) Error() string {
	if e.body == "" {
		return fmt.Sprintf("broadcast: push: HTTP %d", e.code)
	}
	return fmt.Sprintf("broadcast: push: HTTP %d: %s", e.code, e.body)
}

// retryable reports whether err may pass: the network, a timeout, the
// endpoint busy or failing (429, 5xx); a refusal (401, 404, 400) does not.
func retryable(err error) bool {
	var se *statusError
	if errors.As(err, &se) {
		return se.code == http.StatusTooManyRequests || se.code >= 500
	}
	return true
}

// post sends one request; it returns the endpoint's errors on games.
func (p *Pusher) post(ctx context.Context, pgn []byte) ([]string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.o.URL, bytes.NewReader(pgn))
	if err != nil {
		return nil, fmt.Errorf("broadcast: push: %w", err)
	}
	req.Header.Set("Content-Type", "text/plain; charset=utf-8")
	req.Header.Set("Authorization", "Bearer "+p.o.Token)
	resp, err := p.o.Client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("broadcast: push: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		return nil, &statusError{code: resp.StatusCode, body: strings.TrimSpace(string(body[:min(len(body), 300)]))}
	}
	return gameErrors(body), nil
}

// gameErrors reads lichess's answer to a push: a game each, with its tags
// and the moves taken, or an error.
func gameErrors(body []byte) []string {
	var ans struct {
		Games []struct {
			Tags  map[string]string `json:"tags"`
			Error string            `json:"error"`
		} `json:"games"`
	}
	if json.Unmarshal(body, &ans) != nil {
		return nil
	}
	var out []string
	for i, g := range ans.Games {
		if g.Error == "" {
			continue
		}
		who := fmt.Sprintf("game %d", i+1)
		if b := g.Tags["Board"]; b != "" {
			who = "board " + b
		}
		out = append(out, who+": "+g.Error)
	}
	return out
}
