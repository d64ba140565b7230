package app

import (
	"touchmove/core/chess"
	"touchmove/core/msg"
)

// The session's messages to the players, keyed by their English templates
// (design.md §7): why an action cannot be taken now (Can), refusals of
// gestures outside the arbiter's rules, notices. Every key is listed in
// Messages, which the window's tests use to require a translation of each;
// messages_test.go checks that the list and this block agree.
const (
	mNotLive         = "No game is being played here."
	mNoTakeback      = "No takebacks under FIDE rules: a move made stands [Article 4.7]."
	mTakebackStored  = "Take back is for games played here; in a stored game, Delete from here (Ctrl+Delete) removes moves."
	mNothingToTake   = "There is no move to take back."
	mDeleteLive      = "The moves of a game being played cannot be deleted; a casual game allows takebacks."
	mDeleteRoot      = "The start position stays: choose a move to delete from."
	mAnnotateLater   = "Annotations are available after the game [Article 11.3]."
	mOfferPending    = "A draw offer is pending: accept or decline it."
	mNoOffer         = "No draw offer is pending."
	mAdjustFreely    = "Casual games have no touch-move: adjust freely."
	mNoClock         = "No clock is running."
	mMovePresses     = "In this game the move presses the clock."
	mConfirmAfter    = "The result is confirmed after a game played here."
	mConfirmedBoth   = "Both players confirmed the result."
	mNoEngine        = "No engine during a game under FIDE rules: players may not use electronic advice [Article 11.3]."
	mArbiterMode     = "Arbiter actions are for games in arbiter mode."
	mNoClocks        = "The game has no clocks."
	mNoProvisional   = "No provisional illegal move stands on the board."
	mUnknownAction   = "Unknown action."
	mNothingToUndo   = "There is nothing to undo."
	mNothingToRedo   = "There is nothing to redo."
	mUndoLive        = "Undo {{.Change}}: annotations are available after the game."
	mRedoLive        = "Redo {{.Change}}: annotations are available after the game."
	mGameOverReason  = "The game is over: {{.Reason}}."
	mTheirMove       = "It is {{.Side}}'s move."
	mNotLegal        = "{{.Move}} is not a legal move."
	mIllegal         = "That move is illegal."
	mPromotionPieces = "A pawn promotes to a queen, rook, bishop or knight."
	mEarlierMove     = "You are looking at an earlier move: go to the last move (End) to play on."
	mClocksRestored  = "The game's clocks are restored, paused: resume them to play on."
	mRestored        = "Restored the game in progress."
	mRestoredPaused  = "Restored the game in progress; its clocks are paused: resume them to play on."
	mPromoteFirst    = "Choose the piece to promote to first."
	mNoPromotion     = "No pawn is waiting to promote."
	mPressYourClock  = "{{.Side}}: press your clock to complete the move."
	mOutOfStep       = "The score or the clock could not follow the last decision: check them before going on."

	mReplayNoBoard     = "No electronic board is connected to replay from."
	mReplayAgrees      = "The board agrees with the game: nothing to replay."
	mReplayUnreachable = "No two moves lead from the game to the board: set up the board as the game stands, or take back a move."
	mReplayed          = "{{.Line}} replayed from the board."
	mBlackStarts       = "Black starts the clocks by pressing his clock."
	mFlagFallen        = "The flag has fallen: {{.Reason}}."
	mFlagHasFallen     = "The flag has fallen."
	mNotStarted        = "The clock has not started: Black presses his clock to start White's."
	mClocksPaused      = "The clocks are paused: resume them to play on."
	mLostOnTime        = "{{.Side}} lost on time"
	mFlagNoMate        = "{{.Side}}'s flag fell; {{.Other}} cannot mate: draw"
	mArmageddon        = "{{.Reason}}; Armageddon: a draw counts as a win for Black"

	// The position editor's and a new game's words on a set-up position.
	mPosKings           = "Each side needs exactly one king."
	mPosNoKing          = "{{.Side}} has no king."
	mPosKingOf          = "{{.Side}} has {{.Count}} king."
	mPosKingsOf         = "{{.Side}} has {{.Count}} kings."
	mPosBackRank        = "A pawn stands on the first or last rank."
	mPosOppositeCheck   = "The side not to move is in check."
	mPosImpossibleCheck = "More than two pieces give check."
	mPosTooManyPieces   = "A side has more than 16 pieces."
	mPosTooManyPawns    = "A side has more than 8 pawns."
	mPosCastling        = "A castling right lacks its king or rook."
	mPosEnPassant       = "No double pawn step explains the en passant square."
	mPosPlayable        = "No game can reach this position, but it can be played."
	mPosUnreachable     = "No game can reach this position."
	mCastlingDropped    = "The castling rights the position cannot have were dropped."

	// Why a stored game ended, from its Termination tag (terminationText).
	mEndCheckmate   = "Checkmate"
	mEndStalemate   = "Stalemate"
	mEndTime        = "Lost on time"
	mEndAbandoned   = "The game was abandoned"
	mEndAdjudicated = "Adjudicated"
	mEndInfraction  = "Rules infraction"
	mEndEmergency   = "Ended by an emergency"
	mEndDeath       = "A player died"

	// The move box's words on a move typed.
	mNoMoveWritten = "No legal move is written “{{.Text}}” here."
	mMayMean       = "“{{.Text}}” may mean several moves: write one of them."

	// Why a tag typed in the tags editor is not taken.
	mTagName    = "“{{.Name}}” cannot be a tag name: a name is letters, digits and _, with no spaces."
	mTagDerived = "The {{.Name}} tag follows the start position: set the position up instead."
	mTagPlayed  = "While the game is played, play writes the {{.Name}} tag."
	mTagResult  = "“{{.Value}}” is not a result: write 1-0, 0-1, 1/2-1/2 or *."
	mTagRoster  = "{{.Name}} is one of the seven tags every game has: it can be changed, not removed."
	mNoTag      = "The game has no {{.Name}} tag."

	// Why a variation edit (promote, delete, make main line) does nothing.
	mMainLine = "{{.Move}} is on the main line, in no variation."

	// The arbiter's "cancel the touch" with no piece touched.
	mNoTouch = "No piece is touched: there is no touch to cancel."

	// The score's note of a draw offer made before a move never made.
	mOfferedBefore = "{{.Side}} offered a draw before moving"

	// A game against an engine (opponent.go).
	mEngineToMove  = "{{.Side}} is played by the engine: wait for its move."
	mEngineDropped = "The engine playing {{.Side}} ({{.Engine}}) stopped: {{.Error}}. The game goes on between two players."
	mHintNoEngine  = "Hints are for a game against the engine."
	mNoHint        = "No hints under FIDE rules: players may not use electronic advice [Article 11.3]."
	mHintWait      = "The engine is to move: ask for a hint on your turn."
	mNoPauseEngine = "No pause under FIDE rules: the clocks run until the game ends [Article 6.11]."
	mHintComment   = "Hint: {{.Move}}" // the score's note of a hint
	mEngineAnswers = "{{.Side}} is played by the engine: it answers the draw offer itself."
	mEngineOffers  = "{{.Side}} is played by the engine: only the engine offers a draw for it."
	// The score's note of an engine dropped: the tags still name it.
	mEngineLeft = "{{.Engine}} stopped playing {{.Side}} here: {{.Error}}. A person plays {{.Side}} from here on."
	// The electronic board (eboard.go).
	mBoardDiffers = "The board differs from the game on {{.Squares}}: nothing is recorded until it stands as the game does."
	mBoardPromote = "Place the piece the pawn becomes on {{.Square}}, or choose it."
	mBoardLost    = "The electronic board is disconnected: the game is kept, and goes on when the board is back."
	// An exploration over a game of the file (explore.go).
	mExploring   = "Exploring: the game stays as it was. Esc goes back to it; Ctrl+I keeps the explored moves as a variation."
	mExploreLeft = "Back to the game: the explored moves are let go."
	// Training (drill.go).
	mDrillAsk            = "Training: {{.Move}} was played here. Find a better move."
	mDrillAskTimes       = "Training: {{.Move}} was played here, in {{.Times}} games. Find a better move."
	mDrillNotThat        = "Not that. Try again."
	mDrillRepertoire     = "Repertoire: your move."
	mDrillRepertoireMove = "Not that. Your repertoire plays: {{.Line}}."
	mDrillHint           = "Not that. Hint: the piece to move is marked."
	mDrillSolution       = "The solution: {{.Line}}."
	mDrillNoSolution     = "The games name no better move here: try the engine."
	mDrillRight          = "Right: {{.Move}}."
	mDrillReply          = "Right: {{.Move}}. The opponent replies {{.Reply}}: your move."
	mDrillReplyEnd       = "Right: {{.Move}}. The opponent replies {{.Reply}}; nothing more of this line is due."
	mDrillTimeout        = "Time is up. The solution: {{.Line}}."
	mDrillChecking       = "The engine is checking the move…"
	mDrillNoEngine       = "No engine while a training question is open: it would give the answer away."
	mDrillLive           = "Training is not available during a game played here."
	mDrillLeft           = "Back to the game."
)

// Messages returns every message the session gives, as Texts without
// arguments. The window's tests require a translation of each.
func Messages() []msg.Text {
	return append(msg.Keys(
		mNotLive, mNoTakeback, mTakebackStored, mNothingToTake, mDeleteLive, mDeleteRoot,
		mAnnotateLater, mOfferPending, mNoOffer, mAdjustFreely, mNoClock, mMovePresses,
		mConfirmAfter, mConfirmedBoth, mNoEngine, mArbiterMode, mNoClocks, mNoProvisional,
		mUnknownAction, mNothingToUndo, mNothingToRedo, mUndoLive, mRedoLive, mGameOverReason,
		mTheirMove, mNotLegal, mIllegal, mPromotionPieces, mEarlierMove, mClocksRestored,
		mRestored, mRestoredPaused, mPromoteFirst, mNoPromotion, mPressYourClock, mOutOfStep,
		mReplayNoBoard, mReplayAgrees, mReplayUnreachable, mReplayed,
		mBlackStarts, mFlagFallen, mFlagHasFallen, mNotStarted, mClocksPaused, mLostOnTime,
		mFlagNoMate, mArmageddon,
		mPosKings, mPosNoKing, mPosBackRank, mPosOppositeCheck, mPosImpossibleCheck,
		mPosTooManyPieces, mPosTooManyPawns, mPosCastling, mPosEnPassant, mPosPlayable, mPosUnreachable,
		mCastlingDropped,
		mNoMoveWritten, mMayMean, mTagName, mTagDerived, mTagPlayed, mTagResult, mTagRoster, mNoTag,
		mMainLine, mNoTouch, mEndCheckmate, mEndStalemate, mEndTime, mEndAbandoned,
		mEndAdjudicated, mEndInfraction, mEndEmergency, mEndDeath, mOfferedBefore,
		mEngineToMove, mEngineDropped, mHintNoEngine, mNoHint, mHintWait, mNoPauseEngine, mHintComment, mEngineAnswers, mEngineOffers, mEngineLeft,
		mBoardDiffers, mBoardPromote, mBoardLost,
		mExploring, mExploreLeft,
		mDrillAsk, mDrillAskTimes, mDrillNotThat, mDrillRepertoire, mDrillRepertoireMove, mDrillHint, mDrillSolution, mDrillNoSolution, mDrillRight,
		mDrillChecking, mDrillNoEngine, mDrillLive, mDrillLeft, mDrillReply, mDrillReplyEnd, mDrillTimeout,
	), msg.Text{Key: mPosKingsOf, One: mPosKingOf})
}

// text returns the Text of key with args.
func text(key string, args ...msg.Arg) msg.Text { return msg.New(key, args...) }

// side names the colour c in a message.
func side(c chess.Color) msg.Arg { return msg.Color("Side", c) }
