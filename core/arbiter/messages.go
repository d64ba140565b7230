package arbiter

import (
	"strings"

	"touchmove/core/chess"
	"touchmove/core/msg"
)

// The arbiter's messages to the players, keyed by their English templates
// (design.md §7). Every key is listed in Messages, which the window's tests
// use to require a translation of each; messages_test.go checks that the
// list and this block agree. Outcome reasons carry no final period: they
// are also the closing comments of the score (pgn.md §11).
const (
	mNoPlayer       = "There is no such player."
	mArbiterOnly    = "Only the arbiter can do that, in arbiter mode."
	mGameOverReason = "The game is over: {{.Reason}}."
	mGameOver       = "The game is over."
	mPaused         = "The game is paused."
	mAlreadyPaused  = "The game is already paused."
	mNotPaused      = "The game is not paused."
	mClocksPaused   = "Clocks paused by the arbiter."
	mClocksResumed  = "Clocks restarted by the arbiter."
	mNameTimeDelta  = "Name a player and a non-zero time."
	mAddTime        = "Arbiter: {{.Side}} {{.Time}}."
	mNameTime       = "Name a player and a time of zero or more."
	mSetTime        = "Arbiter: {{.Side}}'s clock set to {{.Time}}."
	mNameMoves      = "Name a player and a move count of zero or more."
	mSetMoves       = "Arbiter: {{.Side}}'s move counter set to {{.Number}}."
	mNoTouchToUndo  = "No touch on {{.Square}} to cancel."
	mTouchStands    = "The move is made: the touch cannot be cancelled."
	mTouchCancelled = "Arbiter: touch of the {{.Piece}} on {{.Square}} cancelled as accidental."
	mArbiterRuling  = "Arbiter's decision"
	mNameDeadMove   = "Name the move from which the position is dead."
	mDeadFromMove   = "Dead position from move {{.Number}}"

	mCheckmate     = "Checkmate"
	mStalemate     = "Stalemate"
	mDeadPosition  = "Dead position"
	mFivefold      = "Fivefold repetition"
	mSeventyFive   = "75-move rule"
	mAgreement     = "Draw by agreement"
	mKingsResult   = "Result {{.Result}} shown with the kings on the centre squares"
	mNoResult      = "That is no result: 1-0, 0-1 or 1/2-1/2."
	mResigns       = "{{.Side}} resigns"
	mResignsDraw   = "{{.Side}} resigns, but {{.Other}} cannot checkmate: draw"
	mLostOnTime    = "{{.Side}} lost on time"
	mFlagDraw      = "{{.Side}}'s flag fell, but {{.Other}} cannot checkmate: draw"
	mThreefoldOK   = "Threefold repetition claimed by {{.Side}}: correct"
	mThreefoldWith = "Threefold repetition claimed by {{.Side}} with {{.Move}}: correct"
	mFiftyOK       = "50-move rule claimed by {{.Side}}: correct"
	mFiftyWith     = "50-move rule claimed by {{.Side}} with {{.Move}}: correct"
	mIllegalBy     = "Illegal move by {{.Side}} ({{.Nth}})"
	mIllegalPromo  = "Illegal move by {{.Side}} ({{.Nth}}, clock pressed before choosing the promotion piece: the pawn becomes a queen)"
	mIllegalNoMove = "Illegal move by {{.Side}} ({{.Nth}}, clock pressed without a move)"
	mIllegalLoses  = "{{.What}}: {{.Side}} loses"
	mIllegalDraw   = "{{.What}}: draw, {{.Other}} cannot checkmate"
	mIllegalTime   = "{{.What}}; {{.Other}} {{.Time}}."

	mOfferStands      = "Your draw offer is still standing."
	mOfferPending     = "{{.Side}} has offered a draw: accept or decline it."
	mOffers           = "{{.Side}} offers a draw."
	mAgreeTooSoon     = "A draw cannot be agreed before both players have made {{.Count}} moves."
	mAgreeTooSoon1    = "A draw cannot be agreed before both players have made {{.Count}} move."
	mDeclines         = "{{.Side}} declines the draw offer."
	mNoOfferAccept    = "There is no draw offer by {{.Side}} to accept."
	mNoOfferDecline   = "There is no draw offer by {{.Side}} to decline."
	mClaimNotTurn     = "Only the player having the move may claim a draw."
	mClaimAfterMove   = "Your move is on the board: a draw must be claimed before making it."
	mClaimedAlready   = "You have already claimed a draw on this move."
	mClaimTouched     = "You touched a piece: you have lost the right to claim a draw on this move."
	mClaimIllegal     = "The declared move is illegal: a claim must name a legal move."
	mNoDraw           = "No draw: neither threefold repetition nor the 50-move rule applies."
	mClaimWrong       = "Draw claimed by {{.Side}}: incorrect; {{.Other}} {{.Time}}."
	mClaimWrongWith   = "Draw claimed by {{.Side}} with {{.Move}}: incorrect; {{.Other}} {{.Time}}."
	mClaimIsOffer     = "The claim stands as a draw offer."
	mMustPlay         = "You must play {{.Move}}."
	mFlagAfterEnd     = "{{.Side}}'s flag fell after the end of the game: {{.Result}} stands."
	mFlagPeriodDone   = "{{.Side}}'s flag fell with the period's moves completed: play goes on."
	mFlagAlready      = "{{.Side}}'s flag has already fallen."
	mFlagFell         = "{{.Side}}'s flag fell: {{.Other}} may claim the game."
	mFlagsAtOnce      = "Flags count at once in this game: there is nothing to claim."
	mFlagNotFallen    = "{{.Side}}'s flag has not fallen."
	mFlagFirst        = "{{.Side}}'s flag fell first."
	mNotOver          = "The game is not over."
	mConfirmedAlready = "{{.Side}} has already confirmed the result."
	mConfirms         = "{{.Side}} confirms the result {{.Result}}."

	mNotYourTurn      = "It is {{.Side}}'s move: {{.Other}} may not touch the pieces."
	mNoSquare         = "That is not a square of the board."
	mEmptySquare      = "There is no piece on {{.Square}}."
	mMayAdjust        = "J'adoube: you may adjust the {{.Piece}} on {{.Square}}; it cannot be moved."
	mAdjustLate       = "J'adoube after touching a piece does not help."
	mNotYours         = "The {{.Piece}} on {{.Square}} is not yours."
	mNoLegalMove      = "The {{.Piece}} on {{.Square}} has no legal move."
	mSelected         = "Selected the {{.Piece}} on {{.Square}}."
	mImmobile         = "The {{.Piece}} on {{.Square}} has no legal move: touching it binds nothing."
	mUncapturable     = "The {{.Piece}} on {{.Square}} cannot be captured: touching it binds nothing."
	mChoosePromoFirst = "Choose the piece for the pawn on {{.Square}} first."
	mMoveMade         = "Your move {{.Move}} is made and cannot be changed: press the clock."
	mTakeBackOrPress  = "Take the illegal move back or press the clock."
	mNoAdjustCasual   = "Casual games have no touch-move: there is no need to adjust."
	mAnnouncesAdjust  = "{{.Side}} announces j'adoube."
	mWithdrawsAdjust  = "{{.Side}} withdraws j'adoube."
	mNoPieceToMove    = "There is no piece of yours on {{.Square}} to move."
	mAdjusted         = "Adjusted the {{.Piece}} on {{.Square}}."
	mAdjustNoMove     = "You announced j'adoube: adjusting cannot move the {{.Piece}} on {{.Square}}."
	mPutBack          = "The {{.Piece}} on {{.Square}} is back on its square: that is not a move."
	mChoosePromo      = "Choose the piece for the pawn on {{.Square}}."
	mPawnStays        = "The pawn stays on that square."
	mIllegal          = "That move is illegal."
	mCastlingIllegal  = "Castling on that side is not legal now."
	mProvisional      = "Take it back, or pressing the clock completes an illegal move."
	mPressToComplete  = "{{.Move}} is made: press the clock to complete it."
	mNoPromotion      = "No pawn is waiting for promotion."
	mPromotionPieces  = "A pawn promotes to a queen, a rook, a bishop or a knight."
	mPromotionIllegal = "That promotion is illegal."
	mPromotionFinal   = "The pawn was released on {{.Square}}: choose its piece; the promotion cannot be cancelled."
	mPawnBack         = "The pawn is back on {{.Square}}."
	mNoProvisional    = "There is no illegal move to take back."
	mRetracted        = "The illegal move is taken back."
	mClockNotRunning  = "{{.Side}}'s clock is not running."
	mCompleted        = "{{.Move}} is completed."
	mNoMoveMade       = "No move has been made."
	mCasualTakeback   = "Takebacks are allowed only in casual games."
	mTakenBackPlaced  = "The move is taken back."
	mNothingToTake    = "There is no move to take back."
	mTakenBack        = "{{.Move}} is taken back."

	mMustPlayDeclared = "You declared {{.Move}} with your draw claim: you must play it."
	mNoCastleRook     = "You touched the rook on {{.Square}} before the king: no castling on that side this move."
	mMustCastle       = "You touched the king and then the rook on {{.Square}}: you must castle on that side."
	mOtherKingMove    = "Castling with the rook on {{.Square}} is not legal: you must make another king move."
	mCastleNoKingMove = "Castling is not legal and the king cannot move: you may make any legal move."
	mCaptureWith      = "You touched the {{.Piece}} on {{.Square}} and the {{.Target}} on {{.TargetSquare}}: you must capture it with the {{.Piece}}."
	mMustMove         = "You touched the {{.Piece}} on {{.Square}}: it must move."
	mMustCapture      = "You touched the {{.Piece}} on {{.Square}}: you must capture it."
	mNoneBinds        = "None of the pieces you touched can be moved or captured: you may make any legal move."
)

// The touch-move breaches read from an electronic board (breach.go): the
// notes written into the score, and the claim.
const (
	mBreachCastle  = "{{.Piece}} {{.Square}} touched before the king: castling not allowed, Art. 4.4.2 — a claim for {{.Other}}"
	mBreachMove    = "{{.Piece}} {{.Square}} touched, {{.Move}} played: Art. {{.Article}} — a claim for {{.Other}}"
	mBreachCapture = "{{.Piece}} {{.Square}} touched but not captured, {{.Move}} played: Art. {{.Article}} — a claim for {{.Other}}"
	mBreachOther   = "{{.Move}} played against touch-move: Art. {{.Article}} — a claim for {{.Other}}"
	mNoBreach      = "There is no touch-move breach by {{.Side}} to claim now."
	mBreachUpheld  = "Touch-move claimed by {{.Side}}: upheld, {{.Move}} taken back."

	mMisreadTakenBack = "Arbiter: {{.Move}} taken back, misread by the board."
	mNoNote           = "Type the note to write in the score."
)

// The rulings written into the score that the block above lacks: an
// arbiter's decision, and a wrong claim in a casual game.
const (
	mArbiterSays          = "Arbiter: {{.Reason}}"
	mClaimWrongCasual     = "Draw claimed by {{.Side}}: incorrect"
	mClaimWrongCasualWith = "Draw claimed by {{.Side}} with {{.Move}}: incorrect"
)

// Messages returns every message the arbiter gives, as Texts without
// arguments: the key, and the English for a count of one where the key has
// a plural. The window's tests require a translation of each.
func Messages() []msg.Text {
	return append(msg.Keys(
		mNoPlayer, mArbiterOnly, mGameOverReason, mGameOver, mPaused, mAlreadyPaused, mNotPaused,
		mClocksPaused, mClocksResumed, mNameTimeDelta, mAddTime, mNameTime, mSetTime, mNameMoves,
		mSetMoves, mMisreadTakenBack, mNoNote, mNoTouchToUndo, mTouchStands, mTouchCancelled, mArbiterRuling, mArbiterSays, mNameDeadMove,
		mDeadFromMove,
		mCheckmate, mStalemate, mDeadPosition, mFivefold, mSeventyFive, mAgreement, mKingsResult, mNoResult, mResigns,
		mResignsDraw, mLostOnTime, mFlagDraw, mThreefoldOK, mThreefoldWith, mFiftyOK, mFiftyWith,
		mIllegalBy, mIllegalPromo, mIllegalNoMove, mIllegalLoses, mIllegalDraw, mIllegalTime,
		mOfferStands, mOfferPending, mOffers, mDeclines, mNoOfferAccept, mNoOfferDecline,
		mClaimNotTurn, mClaimAfterMove, mClaimedAlready, mClaimTouched, mClaimIllegal, mNoDraw,
		mClaimWrong, mClaimWrongWith, mClaimWrongCasual, mClaimWrongCasualWith, mClaimIsOffer, mMustPlay, mFlagAfterEnd, mFlagPeriodDone,
		mFlagAlready, mFlagFell, mFlagsAtOnce, mFlagNotFallen, mFlagFirst, mNotOver,
		mConfirmedAlready, mConfirms,
		mNotYourTurn, mNoSquare, mEmptySquare, mMayAdjust, mAdjustLate, mNotYours, mNoLegalMove,
		mSelected, mImmobile, mUncapturable, mChoosePromoFirst, mMoveMade, mTakeBackOrPress,
		mNoAdjustCasual, mAnnouncesAdjust, mWithdrawsAdjust, mNoPieceToMove, mAdjusted,
		mAdjustNoMove, mPutBack, mChoosePromo, mPawnStays, mIllegal, mCastlingIllegal,
		mProvisional, mPressToComplete, mNoPromotion, mPromotionPieces, mPromotionIllegal,
		mPromotionFinal, mPawnBack, mNoProvisional, mRetracted, mClockNotRunning, mCompleted,
		mNoMoveMade, mCasualTakeback, mTakenBackPlaced, mNothingToTake, mTakenBack,
		mMustPlayDeclared, mNoCastleRook, mMustCastle, mOtherKingMove, mCastleNoKingMove,
		mCaptureWith, mMustMove, mMustCapture, mNoneBinds,
		mBreachCastle, mBreachMove, mBreachCapture, mBreachOther, mNoBreach, mBreachUpheld,
	), msg.Text{Key: mAgreeTooSoon, One: mAgreeTooSoon1})
}

// text returns the Text of key with args.
func text(key string, args ...msg.Arg) msg.Text { return msg.New(key, args...) }

// side and other name the colours of a message.
func side(c chess.Color) msg.Arg  { return msg.Color("Side", c) }
func other(c chess.Color) msg.Arg { return msg.Color("Other", c) }

// pieceAt names the piece p on sq in a message: the arguments Piece and Square.
func pieceAt(p chess.Piece, sq chess.Square) []msg.Arg {
	return []msg.Arg{msg.Piece("Piece", p.Type()), msg.Square("Square", sq)}
}

// comment is the PGN comment of a message: its English without the final period.
func comment(t msg.Text) string { return strings.TrimSuffix(t.String(), ".") }
